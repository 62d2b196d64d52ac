import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { linkPaidOrLiveSql, linkPaidSql } from '@/lib/core/groups/link-paid-sql';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import { eventStubsSql } from '@/lib/events/emit-event';

/**
 * payment_link.expired (docs/webhooks.md "Events"): links whose expires_at has
 * passed, not deleted, not yet announced. ONE statement per batch: the batch
 * is locked with SKIP LOCKED (on payment_links_expiry_unannounced_idx), marked
 * `expiry_announced_at`, and its events written as stubs for the organisations
 * some endpoint of which listens, so two workers never announce a link twice
 * and a crash announces nothing. "Paid" and "held by a live payment" are the
 * groups' one definition (link-paid-sql.ts): a link held by a live payment
 * that has not paid it (its own or a member's covering payment, in progress)
 * waits, as it may yet be paid. A paid link or an ecommerce session is marked
 * with no event, so the index keeps only links still to announce. Answers how
 * many links were marked.
 */
export async function announceExpiredLinks(db: Db, limit = 200): Promise<number> {
  const stamp = sql`${now().toISOString()}::timestamptz`;
  const [row] = await queryRows<{ marked: number }>(
    db,
    sql`
    with due as (
      select l.id, ${linkPaidSql('l')} as paid
      from payment_links l
      where l.expiry_announced_at is null and l.deleted_at is null and l.expires_at <= ${stamp}
        and (not ${linkPaidOrLiveSql('l')} or ${linkPaidSql('l')})
      order by l.expires_at, l.id
      limit ${limit}
      for update of l skip locked
    ), marked as (
      update payment_links l set expiry_announced_at = ${stamp}
      from due where l.id = due.id
      returning l.id, l.organisation_id, l.kind, due.paid
    ), ${eventStubsSql(sql`select organisation_id::text, 'payment_link.expired'::text, id::text from marked where kind = 'payment_link' and not paid`)}
    select count(*)::int as marked from marked`,
  );
  return Number(row?.marked ?? 0);
}
