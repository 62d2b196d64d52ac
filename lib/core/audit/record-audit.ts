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
  | 'webhook-endpoint:create'
  | 'webhook-endpoint:update'
  | 'webhook-endpoint:delete'
  | 'webhook-endpoint:rotate-secret'
  | 'webhook-endpoint:test'
  | 'webhook-delivery:replay'
  | 'payment-link:create'
  | 'payment-link:delete'
  | 'payment-link:assign'
  | 'payment-link:send'
  | 'ecommerce:create'
  | 'ecommerce:delete'
  | 'ecommerce:assign'
  | 'terminal:open'
  | 'transaction:payment'
  | 'transaction:complete'
  | 'transaction:reverse'
  | 'transaction:re-assign'
  | 'transaction:refund'
  | 'refund:authorise'
  | 'refund:decline'
  | 'refund:fail'
  | 'refund:unsettle'
  | 'credit-note:create'
  | 'scheduled-payment:create'
  | 'scheduled-payment:cancel'
  | 'approval:send'
  | 'approval:decide'
  | 'organisation:update-settings'
  | 'organisation:verify-portal-domain'
  | 'payment-link-group:create'
  | 'payment-link-group:send-links'
  | 'payment-link-group:send-link'
  | 'payment-link-group:approve-member'
  | 'payment-link-group:add-member'
  | 'payment-link-group:remove-member'
  | 'payment-link-group:set-schedule'
  | 'payment-link-group:auto-collect-off'
  | 'payment-link-group:card-replaced'
  | 'payment-link-group:rotate-portal-token'
  | 'staff:sign-in'
  | 'staff:sign-in-refused'
  | 'staff:sign-out'
  | 'staff:sign-out-everywhere'
  | 'staff:passkey-register'
  | 'staff:passkey-remove'
  | 'user:invite'
  | 'user:update-roles'
  | 'user:remove';

/**
 * Who acted: an API key's or a staff session's user (apiKeyId null), a customer on a hosted page (named by the email
 * they pay or approve with), or the service itself (the runner). Never unknown:
 * every audit record answers a `user` object.
 */
export type AuditActor = Pick<Actor, 'userId' | 'apiKeyId'> | { kind: 'customer'; email: string } | { kind: 'service' };

export const SERVICE_ACTOR: AuditActor = { kind: 'service' };

/** Writes an audit record; call it with the transaction that makes the change, so both land or neither. */
export async function recordAudit(
  tx: Executor,
  actor: AuditActor,
  event: { organisationId: string; type: AuditType; entityId: string },
): Promise<void> {
  const who =
    'kind' in actor
      ? {
          actorKind: actor.kind,
          actorEmail: actor.kind === 'customer' ? actor.email : null,
          userId: null,
          apiKeyId: null,
        }
      : { actorKind: 'user', actorEmail: null, userId: actor.userId, apiKeyId: actor.apiKeyId };
  await tx
    .insert(auditRecords)
    .values({ organisationId: event.organisationId, type: event.type, entityId: event.entityId, ...who });
}
