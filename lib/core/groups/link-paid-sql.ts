import { sql, type SQL } from 'drizzle-orm';
import { PAYING_STATUSES } from '../checkout/checkout-status';

/** Statuses of a live payment: one that holds its links (in progress, held, or taken). */
export const LIVE_PAYMENT_STATUSES = ['PAYMENTINPROGRESS', 'PENDING', 'COMPLETE'] as const;

// Constants of this code, never input: written as literals so every caller's plan is the same.
const inList = (statuses: readonly string[]) => sql.raw(statuses.map((status) => `'${status}'`).join(', '));

/**
 * THE predicate "this payment link is paid", for a `payment_links` row under
 * the alias `link`: it has a payment of its own that took or holds the money
 * (COMPLETE or PENDING), or another payment of the member settled it
 * (`settled_by_transaction_id`, set in the commit that makes a covering
 * payment COMPLETE or PENDING and cleared when that payment is reversed).
 * The group read, the member checkout, the runner's re-check before charging,
 * its alerts and the payable check all ask this one question.
 */
export function linkPaidSql(link: string): SQL {
  const l = sql.identifier(link);
  return sql`(${l}.settled_by_transaction_id is not null
    or exists (select 1 from transactions paid_t where paid_t.payment_link_id = ${l}.id and paid_t.status in (${inList(PAYING_STATUSES)})))`;
}

/**
 * A live payment (in progress, held or complete) on another link of the same
 * member that covers this one (`covered_link_ids`). A covering payment is
 * always taken on a link of the same member, so the member's links (their
 * index) lead to it. Nothing for a link of no member.
 */
export function linkCoveredSql(link: string, statuses: readonly string[] = LIVE_PAYMENT_STATUSES): SQL {
  const l = sql.identifier(link);
  return sql`exists (select 1 from payment_links cover_l join transactions cover_t on cover_t.payment_link_id = cover_l.id
    where cover_l.group_member_id = ${l}.group_member_id and cover_t.status in (${inList(statuses)}) and ${l}.id = any(cover_t.covered_link_ids))`;
}

/**
 * Paid, or held by a live payment: paid (linkPaidSql), or a payment of its
 * own or covering it in progress, held or complete. Such a link must not be
 * paid again, changed or deleted.
 */
export function linkPaidOrLiveSql(link: string): SQL {
  const l = sql.identifier(link);
  return sql`(${linkPaidSql(link)}
    or exists (select 1 from transactions live_t where live_t.payment_link_id = ${l}.id and live_t.status in (${inList(LIVE_PAYMENT_STATUSES)}))
    or ${linkCoveredSql(link)})`;
}

/** Its automatic collection (a scheduled payment of the link) is being charged right now. */
export function linkCollectingSql(link: string): SQL {
  const l = sql.identifier(link);
  return sql`exists (select 1 from scheduled_payments collect_s where collect_s.payment_link_id = ${l}.id and collect_s.status in ('IN_PROGRESS', 'PROCESSING'))`;
}

/**
 * THE predicate "this link must not be deleted, changed or moved": paid or held by a live payment
 * (its own or one covering it, linkPaidOrLiveSql), or its automatic collection under way. The
 * portal's changes (lockLiveLinks: remove a member, set the schedule) and the API's delete and
 * assign of a member's link (change-checkout.ts) all ask it, after the member's locks.
 */
export function linkBusySql(link: string): SQL {
  return sql`(${linkPaidOrLiveSql(link)} or ${linkCollectingSql(link)})`;
}
