import { sql, type SQL } from 'drizzle-orm';
import type { transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { emitEvent, emitEventsFrom } from './emit-event';
import type { EventType } from './event-types';

type Moved = Pick<typeof transactions.$inferSelect, 'id' | 'organisationId' | 'status'>;
type Taken = Moved & Pick<typeof transactions.$inferSelect, 'paymentLinkId' | 'coveredLinkIds'>;

const typeOfStatus: Record<string, EventType | undefined> = {
  COMPLETE: 'transaction.completed', PENDING: 'transaction.pending', DECLINED: 'transaction.declined', REVERSED: 'transaction.reversed',
};

export const uuidList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

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

/** The SQL values of a payment taken, for paymentEventCandidates: parameters, or expressions of the statement that takes it. */
export type TakenSql = { organisationId: SQL; transactionId: SQL; paymentLinkId: SQL; coveredLinkIds: SQL | null };

/**
 * The events a payment taken may cause, as a select for eventStubsSql:
 * transaction.completed or .pending; payment_link.paid for its own link and
 * each covered link it settled (a group member paying several instalments: one
 * per link; not a link another payment had settled, not an ecommerce session,
 * not a deleted link); payment_link_group.member_paid when its link is a group
 * member's. The ids come from the database in the same statement: no read first.
 */
export function paymentEventCandidates(type: EventType, p: TakenSql): SQL {
  const covered = p.coveredLinkIds ? sql`(l.id in (${p.coveredLinkIds}) and l.settled_by_transaction_id = ${p.transactionId})` : sql`false`;
  return sql`
    select ${p.organisationId}::text as organisation_id, ${type}::text as type, (${p.transactionId})::text as resource_id
    union all
    select ${p.organisationId}::text, 'payment_link.paid', l.id::text from payment_links l
    where (l.id = ${p.paymentLinkId} or ${covered}) and l.kind = 'payment_link' and l.deleted_at is null
    union all
    select ${p.organisationId}::text, 'payment_link_group.member_paid', m.group_id::text
    from payment_links l join group_members m on m.id = l.group_member_id where l.id = ${p.paymentLinkId}`;
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
  const type = typeOfStatus[row.status];
  if (!type) return;
  const covered = row.coveredLinkIds ?? [];
  await emitEventsFrom(tx, paymentEventCandidates(type, {
    organisationId: sql`${row.organisationId}`, transactionId: sql`${row.id}::uuid`, paymentLinkId: sql`${row.paymentLinkId}::uuid`,
    coveredLinkIds: covered.length > 0 ? uuidList(covered) : null,
  }));
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
