import { and, inArray } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { scheduledPayments } from '@/lib/db/schema';
import type { Tx } from '@/lib/db/types';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { NOT_STARTED_STATUSES } from '../scheduled-payments/cancel-booking-scheduled-payments';

type ScheduledPayment = typeof scheduledPayments.$inferSelect;

/**
 * Cancels (and answers, as they were) the automatic collections of links that are going away (removed
 * member, replaced instalment), one audit record each. The status check is in
 * the UPDATE: one a runner already claimed is left alone (and its link was
 * found busy under the link lock, so it is not going away).
 */
export async function cancelLinkCollections(
  tx: Tx,
  by: AuditActor,
  linkIds: string[],
  reason: string,
): Promise<ScheduledPayment[]> {
  if (linkIds.length === 0) return [];
  // Read (and lock) first: the caller re-creates them with their status before the cancel.
  const cancelled = await tx
    .select()
    .from(scheduledPayments)
    .where(
      and(inArray(scheduledPayments.paymentLinkId, linkIds), inArray(scheduledPayments.status, NOT_STARTED_STATUSES)),
    )
    .for('update');
  if (cancelled.length === 0) return [];
  await tx
    .update(scheduledPayments)
    .set({ status: 'CANCELLED', failureReason: reason, nextAttemptAt: null, updatedAt: now() })
    .where(
      and(
        inArray(
          scheduledPayments.id,
          cancelled.map((p) => p.id),
        ),
        inArray(scheduledPayments.status, NOT_STARTED_STATUSES),
      ),
    );
  for (const payment of cancelled) {
    await recordAudit(tx, by, {
      organisationId: payment.organisationId,
      type: 'scheduled-payment:cancel',
      entityId: payment.id,
    });
  }
  return cancelled;
}
