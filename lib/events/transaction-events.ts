import { sql } from 'drizzle-orm';
import { loadPaymentLinkResources } from '@/lib/core/payment-links/payment-link-resources';
import { queryRows } from '@/lib/db/query-rows';
import { paymentLinks, type transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { emitEvents, listenedTypes, writeEvents, type EventInput } from './emit-event';
import type { EventType } from './event-types';
import { groupData, transactionData } from './resource-data';

type Moved = Pick<typeof transactions.$inferSelect, 'id' | 'organisationId' | 'status'>;
type Taken = Moved & Pick<typeof transactions.$inferSelect, 'paymentLinkId' | 'coveredLinkIds'>;

const typeOfStatus: Record<string, EventType | undefined> = {
  COMPLETE: 'transaction.completed', PENDING: 'transaction.pending', DECLINED: 'transaction.declined', REVERSED: 'transaction.reversed',
};

export const uuidList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/**
 * transaction.completed / .pending / .declined / .reversed for a transaction
 * the caller's SQL transaction has just moved (a decline, a capture, a
 * reverse): data is the transaction as GET /agent/transactions/{id} shows it.
 */
export async function emitTransactionEvent(tx: Executor, row: Moved): Promise<void> {
  const type = typeOfStatus[row.status];
  if (!type) return;
  await emitEvents(tx, row.organisationId, [{ type, resourceId: row.id, data: transactionData(row.id) }]);
}

/**
 * A payment taken (PAYMENTINPROGRESS → COMPLETE or PENDING), called after
 * everything its SQL transaction does (covered links settled):
 * transaction.completed or .pending; payment_link.paid for its link and each
 * link it settled (a group member paying several instalments: one event per
 * link); payment_link_group.member_paid when the link is a group member's.
 * One lookup decides which events anyone listens to; nothing more is read when
 * no one does. (The paid links are not marked for the expiry scan here: taking
 * their row locks in the payment's transaction deadlocked with the group
 * portal's link locks; the expiry step marks a paid link once it expires.)
 */
export async function emitPaymentEvents(tx: Executor, row: Taken): Promise<void> {
  const type = typeOfStatus[row.status];
  if (!type) return;
  const linkIds = [...(row.paymentLinkId ? [row.paymentLinkId] : []), ...(row.coveredLinkIds ?? [])];
  const candidates: EventType[] = linkIds.length > 0 ? [type, 'payment_link.paid', 'payment_link_group.member_paid'] : [type];
  // The paid links leave the expiry scan in the same round trip as the lookup.
  const listened = await listenedTypes(tx, row.organisationId, candidates);
  if (listened.size === 0) return;
  const events: Omit<EventInput, 'organisationId'>[] = [];
  if (listened.has(type)) events.push({ type, resourceId: row.id, data: transactionData(row.id) });
  if (listened.has('payment_link.paid')) {
    // The links this payment paid (its own, and the covered ones it settled, not those another payment had),
    // all read in two queries (a member paying 12 instalments: 2, not 24); an ecommerce session has no event.
    const paid = await loadPaymentLinkResources(tx, linkIds, sql`(${paymentLinks.id} = ${row.paymentLinkId} or ${paymentLinks.settledByTransactionId} = ${row.id})`);
    for (const [id, resource] of paid) events.push({ type: 'payment_link.paid', resourceId: id, data: async () => resource });
  }
  if (listened.has('payment_link_group.member_paid')) {
    const [member] = await queryRows<{ group_id: string }>(tx, sql`
      select m.group_id from payment_links l join group_members m on m.id = l.group_member_id where l.id = ${row.paymentLinkId}::uuid`);
    if (member) events.push({ type: 'payment_link_group.member_paid', resourceId: member.group_id, data: groupData(member.group_id) });
  }
  // One statement for all of them.
  await writeEvents(tx, row.organisationId, events);
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
