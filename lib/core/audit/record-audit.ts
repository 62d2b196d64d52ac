import type { Actor } from '@/lib/auth/actor';
import { auditRecords } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

/** Audit event types, `<area>:<action>`; one place lists them all. */
export type AuditType =
  | 'booking:create'
  | 'booking:update'
  | 'booking:delete'
  | 'booking:update-reference'
  | 'booking:merge'
  | 'customer:create'
  | 'supplier:create'
  | 'api-key:create'
  | 'api-key:revoke'
  | 'payment-link:create'
  | 'payment-link:delete'
  | 'payment-link:assign'
  | 'ecommerce:create'
  | 'ecommerce:delete'
  | 'ecommerce:assign'
  | 'transaction:payment'
  | 'transaction:complete'
  | 'transaction:reverse'
  | 'transaction:re-assign'
  | 'transaction:refund'
  | 'refund:authorise'
  | 'refund:decline'
  | 'credit-note:create'
  | 'scheduled-payment:create'
  | 'scheduled-payment:cancel'
  | 'approval:send'
  | 'approval:decide'
  | 'organisation:update-settings';

/** Writes an audit record; call it with the transaction that makes the change, so both land or neither. */
export async function recordAudit(
  tx: Executor,
  actor: Pick<Actor, 'userId' | 'apiKeyId'> | null,
  event: { organisationId: string; type: AuditType; entityId: string },
): Promise<void> {
  await tx.insert(auditRecords).values({
    organisationId: event.organisationId,
    type: event.type,
    entityId: event.entityId,
    userId: actor?.userId ?? null,
    apiKeyId: actor?.apiKeyId ?? null,
  });
}
