import type { refunds } from '@/lib/db/schema';

type Refund = typeof refunds.$inferSelect;

/** The Refund object the refund operations answer (and event refund.* carries). */
export function serializeRefund(r: Refund) {
  return {
    id: r.id,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    authorization_code: r.authorizationCode,
    transaction_id: r.transactionId,
    organisation: r.organisationId,
    provider_reference: r.providerReference,
    authorised_by_user_id: r.authorisedByUserId,
    failure_reason: r.failureReason,
    completed_at: r.completedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
