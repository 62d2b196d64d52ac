import { sql, type SQL } from 'drizzle-orm';
import type { transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { emitEvent, emitEventsFrom } from './emit-event';
import type { EventType } from './event-types';

type Moved = Pick<typeof transactions.$inferSelect, 'id' | 'organisationId' | 'status'>;
type Taken = Moved & Pick<typeof transactions.$inferSelect, 'paymentLinkId' | 'coveredLinkIds'>;

const typeOfStatus: Record<string, EventType | undefined> = {
  COMPLETE: 'transaction.completed',
  PENDING: 'transaction.pending',
  DECLINED: 'transaction.declined',
  REVERSED: 'transaction.reversed',
};

export const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * transaction.completed / .pending / .declined / .reversed for a transaction
 * the caller's SQL transaction has just moved (a decline, a capture, a
 * reverse). A stub: data is rendered at delivery (docs/webhooks.md "Outbox").
 */
export async function emitTransactionEvent(tx: Executor, row: Moved): Promise<void> {
  const type = typeOfStatus[row.status];
  if (!type) return;
  await emitEvent(tx, { organisationId: row.organisationId, type, resourceId: row.id });
}

/**
 * The events payments taken may cause, as a select for eventStubsSql, from
 * `taken`: a relation aliased `t` (`settled t`, or a parenthesised select `(…) t`) of the payments just moved, with columns id, organisation_id, status
 * (COMPLETE or PENDING), payment_link_id and covered_link_ids:
 * transaction.completed or .pending; payment_link.paid for its own link and
 * each covered link it settled (a group member paying several instalments: one
 * per link; not a link another payment had settled, not an ecommerce session,
 * not a deleted link); payment_link_group.member_paid when its link is a group
 * member's. The ids come from the database in the same statement: no read
 * first, and one statement serves one payment or a runner's whole group.
 */
export function paymentEventCandidates(taken: SQL): SQL {
  return sql`
    select t.organisation_id::text as organisation_id,
      (case t.status when 'COMPLETE' then 'transaction.completed' else 'transaction.pending' end)::text as type, t.id::text as resource_id
    from ${taken}
    union all
    select t.organisation_id::text, 'payment_link.paid', l.id::text from ${taken}
    join payment_links l on l.id = any(coalesce(t.covered_link_ids, '{}'::uuid[]) || t.payment_link_id)
      and (l.id = t.payment_link_id or l.settled_by_transaction_id = t.id)
    where l.kind = 'payment_link' and l.deleted_at is null
    union all
    select t.organisation_id::text, 'payment_link_group.member_paid', m.group_id::text from ${taken}
    join payment_links l on l.id = t.payment_link_id join group_members m on m.id = l.group_member_id`;
}

/**
 * A payment taken (PAYMENTINPROGRESS → COMPLETE or PENDING), called after
 * everything its SQL transaction does (covered links settled): its events
 * (paymentEventCandidates) as stubs, in ONE statement that also asks who
 * listens, so a payment pays one round trip for its events whether or not the
 * organisation has webhooks. (The paid links are not marked for the expiry
 * scan here: taking their row locks in the payment's transaction deadlocked
 * with the group portal's link locks; the expiry step skips a paid link.)
 */
export async function emitPaymentEvents(tx: Executor, row: Taken): Promise<void> {
  if (row.status !== 'COMPLETE' && row.status !== 'PENDING') return;
  const covered = row.coveredLinkIds ?? [];
  const coveredSql = covered.length > 0 ? sql`array[${uuidList(covered)}]` : sql`null::uuid[]`;
  await emitEventsFrom(
    tx,
    paymentEventCandidates(sql`(select ${row.id}::uuid as id, ${row.organisationId}::text as organisation_id,
    ${row.status}::text as status, ${row.paymentLinkId}::uuid as payment_link_id, ${coveredSql} as covered_link_ids) t`),
  );
}

/**
 * A payment released (REVERSED): its link, and the links it had settled, may
 * be paid again or expire, so they return to the expiry scan. Called in the
 * reversal's SQL transaction, before the covered links are unsettled.
 */
export async function reopenLinksOfReversed(tx: Executor, row: Taken): Promise<void> {
  const linkIds = [...(row.paymentLinkId ? [row.paymentLinkId] : []), ...(row.coveredLinkIds ?? [])];
  if (linkIds.length === 0) return;
  // SKIP LOCKED, as above: a link another payment is being started on is left marked (see docs/webhooks.md "Outbox").
  await tx.execute(sql`update payment_links set expiry_announced_at = null
    where id in (select id from payment_links where id in (${uuidList(linkIds)})
      and (id = ${row.paymentLinkId}::uuid or settled_by_transaction_id = ${row.id}::uuid) for update skip locked)`);
}
