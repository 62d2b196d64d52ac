import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { loadPaymentLinkResources } from '@/lib/core/payment-links/payment-link-resources';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import { listenedTypes, writeEvents } from '@/lib/events/emit-event';

type Announced = { id: string; organisation_id: string; kind: string; paid: boolean };

/**
 * payment_link.expired (docs/webhooks.md "Events"): links whose expires_at has
 * passed, not deleted, not yet announced. One SQL transaction per batch: the
 * batch is locked with SKIP LOCKED (on payment_links_expiry_unannounced_idx)
 * and marked `expiry_announced_at` in one statement, and the events are
 * written in the same transaction, so two workers never announce a link twice
 * and a crash announces nothing. A link with a payment still in progress (its
 * own, or a member's payment covering it) waits: it may yet be paid. A link
 * that was paid (before paid links were marked when paid) or an ecommerce
 * session is marked with no event, so the index keeps only links still to
 * announce. Answers how many links were marked.
 */
export async function announceExpiredLinks(db: Db, limit = 200): Promise<number> {
  const stamp = sql`${now().toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const rows = await queryRows<Announced>(tx, sql`
      with due as (
        select l.id,
          (l.settled_by_transaction_id is not null
            or exists (select 1 from transactions t where t.payment_link_id = l.id and t.status in ('COMPLETE', 'PENDING'))) as paid
        from payment_links l
        where l.expiry_announced_at is null and l.deleted_at is null and l.expires_at <= ${stamp}
          and not exists (select 1 from transactions t where t.payment_link_id = l.id and t.status = 'PAYMENTINPROGRESS')
          and (l.group_member_id is null
            or not exists (select 1 from transactions t where t.status = 'PAYMENTINPROGRESS' and t.covered_link_ids @> array[l.id]))
        order by l.expires_at, l.id
        limit ${limit}
        for update of l skip locked
      )
      update payment_links l set expiry_announced_at = ${stamp}
      from due where l.id = due.id
      returning l.id, l.organisation_id, l.kind, due.paid`);
    const expired = rows.filter((row) => row.kind === 'payment_link' && !row.paid);
    // One lookup per organisation in the batch; the links of those that listen are read in two queries for all.
    const listening = new Set<string>();
    for (const organisationId of new Set(expired.map((row) => row.organisation_id))) {
      if ((await listenedTypes(tx, organisationId, ['payment_link.expired'])).size > 0) listening.add(organisationId);
    }
    const toAnnounce = expired.filter((row) => listening.has(row.organisation_id));
    const resources = await loadPaymentLinkResources(tx, toAnnounce.map((row) => row.id));
    // One statement per organisation for all its events of the batch.
    for (const organisationId of listening) {
      await writeEvents(tx, organisationId, toAnnounce.filter((row) => row.organisation_id === organisationId).map((row) => {
        const resource = resources.get(row.id)!;
        return { type: 'payment_link.expired' as const, resourceId: row.id, data: async () => resource };
      }));
    }
    return rows.length;
  });
}
