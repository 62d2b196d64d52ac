import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import { linkPaidSql } from '@/lib/core/groups/link-paid-sql';
import type { ClaimedScheduledPayment } from './finish-scheduled-payment';

/** Why a claimed scheduled payment was cancelled instead of charged (scheduled_payments.failure_reason). */
export type NotChargeableReason =
  'booking_deleted' | 'link_deleted' | 'member_removed' | 'auto_collect_off' | 'link_paid';

/**
 * The runner's re-check right before charging, in one guarded statement for a
 * whole batch: a payment is CANCELLED (with its reason, and an audit record in
 * the same statement) instead of charged when its booking was deleted or, for
 * a group member's instalment (payment_link_id), when the link was deleted,
 * the member removed or opted out, or the link is already paid (a completed or
 * authorised payment of its own, or settled by one covering it). Only while the runner still holds its claim and
 * the attempt has not reached the processor (no transaction under its key).
 *
 * A booking delete that commits after this statement finds the payment
 * IN_PROGRESS, leaves it to finish, and still succeeds. For instalments the
 * caller holds the links' row locks (openScheduledCharges). Answers the
 * cancelled payments with their reasons.
 */
export async function cancelNotChargeable(
  tx: Executor,
  items: { claim: ClaimedScheduledPayment; attemptKey: string }[],
): Promise<Map<string, NotChargeableReason>> {
  if (items.length === 0) return new Map();
  const at = sql`${now().toISOString()}::timestamptz`;
  const claimed = sql.join(
    items.map(
      ({ claim, attemptKey }) =>
        sql`(${claim.payment.id}::uuid, ${claim.claimedAt.toISOString()}::timestamptz, ${attemptKey}::text)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; reason: NotChargeableReason }>(
    tx,
    sql`
    with claimed (id, claimed_at, attempt_key) as (values ${claimed}),
    why as (
      select c.id, c.claimed_at, c.attempt_key, case
        when exists (select 1 from bookings b where b.id = sp.booking_id and b.deleted_at is not null) then 'booking_deleted'
        when sp.payment_link_id is null then null
        when l.deleted_at is not null then 'link_deleted'
        when m.removed_at is not null then 'member_removed'
        when not m.auto_collect then 'auto_collect_off'
        -- A payment covering the link sets settled_by_transaction_id in the commit that completes it (settleMemberPayment).
        when ${linkPaidSql('l')} then 'link_paid'
      end as reason
      from claimed c
      join scheduled_payments sp on sp.id = c.id
      left join payment_links l on l.id = sp.payment_link_id
      left join group_members m on m.id = l.group_member_id
    ), cancelled as (
      update scheduled_payments sp
      set status = 'CANCELLED', failure_reason = why.reason, next_attempt_at = null, updated_at = ${at}
      from why
      where sp.id = why.id and sp.status = 'IN_PROGRESS' and sp.claimed_at = why.claimed_at
        and why.reason is not null
        and not exists (select 1 from transactions t where t.idempotency_key = why.attempt_key)
      returning sp.id, sp.organisation_id, sp.failure_reason
    ), audited as (
      -- The service acted (no user): a booking delete or an opt-out is audited with its own user.
      insert into audit_records (id, organisation_id, actor_kind, type, entity_id, created_at)
      select gen_random_uuid(), organisation_id, 'service', 'scheduled-payment:cancel', id::text, ${at} from cancelled
    )
    select id, failure_reason as reason from cancelled`,
  );
  return new Map(rows.map((row) => [row.id, row.reason]));
}
