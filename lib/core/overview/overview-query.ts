import { sql, type SQL } from 'drizzle-orm';
import { linkPaidSql } from '../groups/link-paid-sql';
import { epochMs } from '../groups/load-group';
import { overviewWindowSql, scopeSql } from './overview-window';

/** Each list's rows carry `total`, the count of every matching row (a window count taken before the limit). */
const listOf = (rows: SQL, order: string) =>
  sql`(select coalesce(json_agg(x order by ${sql.raw(order)}), '[]'::json) from (${rows}) x)`;

/**
 * The rows of `rows` (already limited) with their payment's booking: looked up for those few rows only, not
 * joined before the limit (at 100 000 payments, PGlite hashed the whole transactions table for the join).
 */
const withBookingId = (rows: SQL) =>
  sql`select few.*, (select t.booking_id from transactions t where t.id = few.transaction_id) as booking_id from (${rows}) few`;

/**
 * The whole overview in one statement (one round trip): a JSON column per part. `chargebacks` is
 * left out (null) when the caller may not see them. Every part reads one organisation's rows
 * through an index of its own (lib/db/schema: transactions_org_completed_idx, transactions_org_unsettled_idx,
 * refunds_org_awaiting_idx, scheduled_payments_org_status_created_idx, payment_link_groups_org_open_idx).
 */
export function overviewSql(opts: {
  scope: readonly string[];
  at: Date;
  limit: number;
  withChargebacks: boolean;
  approvalRequiredByDefault: boolean;
}): SQL {
  const orgs = scopeSql(opts.scope);
  const limit = sql`${opts.limit}::int`;
  const chargebacks = opts.withChargebacks
    ? listOf(
        withBookingId(sql`select c.id, c.transaction_id, c.amount, c.currency, c.status, c.reason,
          ${epochMs(sql`c.received_date`)} as received_at, ${epochMs(sql`c.due_date`)} as due_at, count(*) over () as total
        from chargebacks c
        where c.organisation_id in ${orgs}
          and (c.status = 'NOTIFIED' or (c.status = 'CHARGED_BACK' and (c.due_date is null or c.due_date > w.at)))
        order by c.received_date, c.id limit ${limit}`),
        'x.received_at, x.id',
      )
    : sql`null::json`;
  return sql`
  with w as (${overviewWindowSql(opts.at)}),
  open_groups as (
    select g.id, g.booking_id, g.name, g.lead_name, g.currency,
      (select coalesce(sum(m.amount), 0) from group_members m where m.group_id = g.id and m.removed_at is null) as total,
      coalesce(l.collected, 0) as collected, coalesce(l.overdue, 0) as overdue, l.oldest_overdue
    from payment_link_groups g cross join w
    left join lateral (
      select sum(ml.amount) filter (where ml.paid) as collected,
        sum(ml.amount) filter (where not ml.paid and ml.due_at <= w.at) as overdue,
        min(ml.due_at) filter (where not ml.paid and ml.due_at <= w.at) as oldest_overdue
      from (
        select l.amount, l.due_at, ${linkPaidSql('l')} as paid
        from group_members m
        -- offset 0 keeps deleted_at outside the member index scan (see loadGroupRows).
        join lateral (select * from payment_links own where own.group_member_id = m.id offset 0) l on l.deleted_at is null
        where m.group_id = g.id and m.removed_at is null
      ) ml
    ) l on true
    where g.organisation_id in ${orgs} and g.status = 'active' and g.link_expires_at > w.at
  ),
  owing_groups as (select * from open_groups where total > collected)
  select
    (select coalesce(json_agg(p order by p.currency), '[]'::json) from (
      select t.currency,
        count(*) filter (where t.completed_at >= w.day_start) as today_count,
        coalesce(sum(t.amount) filter (where t.completed_at >= w.day_start), 0) as today_total,
        count(*) as week_count, coalesce(sum(t.amount), 0) as week_total
      from transactions t
      where t.organisation_id in ${orgs} and t.status = 'COMPLETE' and t.completed_at >= w.week_start and t.completed_at <= w.at
      group by t.currency) p) as payments,
    (select coalesce(json_agg(b order by b.currency), '[]'::json) from (
      select currency, count(*) as groups, sum(total) as total, sum(collected) as collected,
        sum(total - collected) as outstanding, sum(overdue) as overdue, count(*) filter (where overdue > 0) as overdue_groups
      from owing_groups group by currency) b) as group_balances,
    ${listOf(
      sql`select id, booking_id, name, lead_name, currency, total - collected as outstanding, overdue,
        ${epochMs(sql`oldest_overdue`)} as oldest_overdue_at, count(*) over () as total
      from owing_groups where overdue > 0 order by oldest_overdue, id limit ${limit}`,
      'x.oldest_overdue_at, x.id',
    )} as overdue_groups,
    ${listOf(
      withBookingId(sql`select r.id, r.transaction_id, r.amount, r.currency, ${epochMs(sql`r.created_at`)} as created_at,
        count(*) over () as total
      from refunds r
      where r.organisation_id in ${orgs} and r.status = 'PENDING_AUTHORISATION'
      order by r.created_at, r.id limit ${limit}`),
      'x.created_at, x.id',
    )} as refunds_awaiting,
    ${listOf(failedCollectionsSql(orgs, limit), 'x.failed_at, x.id')} as failed_collections,
    ${listOf(
      sql`select t.id, t.booking_id, t.payment_link_id, t.amount, t.currency, t.failure_reason,
        ${epochMs(sql`t.created_at`)} as created_at, count(*) over () as total
      from transactions t
      where t.organisation_id in ${orgs} and t.status = 'PAYMENTINPROGRESS' and t.stage = 'unsettled'
      order by t.created_at, t.id limit ${limit}`,
      'x.created_at, x.id',
    )} as unsettled_payments,
    ${chargebacks} as chargebacks,
    ${listOf(
      sql`select m.id, m.group_id, g.booking_id, m.customer_name, m.amount, g.currency,
        ${epochMs(sql`m.created_at`)} as created_at, count(*) over () as total
      from payment_link_groups g
      join organisations o on o.id = g.organisation_id
      join group_members m on m.group_id = g.id
      where g.organisation_id in ${orgs} and g.status = 'active' and g.link_expires_at > w.at
        and m.added_by_leader and m.approved_at is null and m.removed_at is null
        and coalesce((o.settings->>'leader_members_require_approval')::boolean, ${opts.approvalRequiredByDefault})
      order by m.created_at, m.id limit ${limit}`,
      'x.created_at, x.id',
    )} as members_awaiting_approval
  from w`;
}

/**
 * Failed scheduled payments nobody has dealt with yet: not on a deleted booking; no later scheduled
 * payment for the same booking and link (a retry, a new date, or a cancellation of the next); and
 * for an instalment link, the link neither deleted nor paid since (linkPaidSql); for a booking's own
 * scheduled payment, no payment of the booking completed after it failed (e.g. the card charged now).
 */
function failedCollectionsSql(orgs: SQL, limit: SQL): SQL {
  return sql`select s.id, s.booking_id, s.payment_link_id, s.amount, s.currency, s.failure_reason,
      ${epochMs(sql`s.updated_at`)} as failed_at, count(*) over () as total
    from scheduled_payments s join bookings b on b.id = s.booking_id and b.deleted_at is null
    where s.organisation_id in ${orgs} and s.status = 'FAILED'
      and not exists (select 1 from scheduled_payments later where later.booking_id = s.booking_id
        and later.payment_link_id is not distinct from s.payment_link_id and later.created_at > s.created_at)
      and case when s.payment_link_id is null
        then not exists (select 1 from transactions t where t.booking_id = s.booking_id and t.status = 'COMPLETE' and t.completed_at > s.updated_at)
        else not exists (select 1 from payment_links l where l.id = s.payment_link_id and (l.deleted_at is not null or ${linkPaidSql('l')}))
      end
    order by s.updated_at, s.id limit ${limit}`;
}
