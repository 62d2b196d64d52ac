import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import { linkPaidSql } from './link-paid-sql';
import { epochMs, type GroupHeaderRow } from './load-group';
import { portalUrl } from './portal-url';
import { groupTotals, serializeGroup, type GroupResource, type MemberStatus } from './serialize-group';

/** A member as the portal shows them: the resource's member without its links, and the address of their next unpaid link. */
export type PortalMember = {
  id: string;
  customer_name: string;
  email: string | null;
  amount: number;
  paid_amount: number;
  remaining: number;
  /** What is unpaid of the links whose due date has passed (part of `remaining`). */
  overdue_amount: number;
  status: MemberStatus;
  next_due_at: string | null;
  auto_collect: boolean;
  next_link_url: string | null;
};
export type PortalGroup = Omit<GroupResource, 'members'> & { members: PortalMember[] };

type MemberSums = {
  id: string;
  customer_name: string;
  email: string | null;
  amount: number;
  auto_collect: boolean;
  paid_amount: number | string;
  overdue: boolean;
  overdue_amount: number | string | null;
  next_due_at: number | null;
  next_link_id: string | null;
};

/**
 * The group as the leader's portal shows it, with the numbers the API's read
 * gives (loadGroup, serializeMembers: same paid predicate, same order, same
 * statuses) but summed per member in SQL: 200 member rows and 12 instalment
 * totals instead of 2 400 link objects, which were most of the page's read
 * (building and parsing their JSON: docs/groups.md, "Benchmark"). Each
 * member's next link is their first unpaid one in the resource's link order.
 */
export async function loadPortalGroup(db: Db, header: GroupHeaderRow): Promise<PortalGroup> {
  const [[sums], url] = await Promise.all([
    queryRows<{ members: MemberSums[] | null; totals: Record<string, number | string> | null }>(
      db,
      portalSumsSql(header.id),
    ),
    portalUrl(db, header.id, header.settings),
  ]);
  return portalGroupOf(header, sums, url);
}

/**
 * Sums per member, each over the member's own links (the member index, behind
 * load-group.ts's `offset 0` fence); no join between a set of all links and
 * the members, which the planner, on fresh statistics, ran as a nested loop of
 * 200 × 2 400 rows. The instalment totals are a second pass over the same index.
 */
export function portalSumsSql(groupId: string) {
  const at = sql`${now().toISOString()}::timestamptz`;
  const links = sql`select l.id, l.amount, l.due_at, l.instalment_sequence, l.created_at, ${linkPaidSql('l')} as paid
    from (select * from payment_links own where own.group_member_id = m.id offset 0) l where l.deleted_at is null
    offset 0`; // A fence again: pulled up, the `paid` subquery ran once per aggregate reading it (four times per link).
  return sql`
    select
      (select json_agg(r order by r.position, r.id) from (
        select m.id, m.position, m.customer_name, m.email, m.amount, m.auto_collect,
          coalesce(k.paid_amount, 0) as paid_amount, coalesce(k.overdue, false) as overdue, k.overdue_amount, k.next_due_at, k.next_link_id
        from group_members m
        left join lateral (
          select sum(k.amount) filter (where k.paid) as paid_amount,
            bool_or(not k.paid and k.due_at <= ${at}) as overdue,
            sum(k.amount) filter (where not k.paid and k.due_at <= ${at}) as overdue_amount,
            ${epochMs(sql`min(k.due_at) filter (where not k.paid)`)} as next_due_at,
            (array_agg(k.id order by k.instalment_sequence nulls first, k.created_at, k.id) filter (where not k.paid))[1] as next_link_id
          from (${links}) k
        ) k on true
        where m.group_id = ${groupId} and m.removed_at is null) r) as members,
      (select json_object_agg(s.sequence, s.total) from (
        select k.instalment_sequence as sequence, sum(k.amount) as total
        from group_members m
        join lateral (select l.amount, l.instalment_sequence from (select * from payment_links own where own.group_member_id = m.id offset 0) l
          where l.deleted_at is null and l.instalment_sequence is not null) k on true
        where m.group_id = ${groupId} and m.removed_at is null
        group by 1) s) as totals`;
}

function portalGroupOf(
  header: GroupHeaderRow,
  sums: { members: MemberSums[] | null; totals: Record<string, number | string> | null } | undefined,
  url: string,
): PortalGroup {
  // Member links live where the portal does: the organisation's hosted origin (portal_url's).
  const origin = new URL(url).origin;
  const members: PortalMember[] = (sums?.members ?? []).map((row) => {
    const amount = Number(row.amount);
    const paid = Number(row.paid_amount);
    const remaining = amount - paid;
    return {
      id: row.id,
      customer_name: row.customer_name,
      email: row.email,
      amount,
      paid_amount: paid,
      remaining,
      overdue_amount: Math.min(remaining, Math.max(0, Number(row.overdue_amount ?? 0))),
      status: remaining <= 0 ? 'paid' : row.overdue ? 'overdue' : 'outstanding',
      next_due_at: row.next_due_at === null ? null : new Date(Number(row.next_due_at)).toISOString(),
      auto_collect: row.auto_collect,
      next_link_url: row.next_link_id ? `${origin}/${row.next_link_id}` : null,
    };
  });
  const group = serializeGroup(header, [], url);
  const totals = sums?.totals ?? {};
  return {
    ...group,
    installments: group.installments.map((i) => ({ ...i, total: Number(totals[String(i.sequence)] ?? 0) })),
    members,
    totals: groupTotals(members),
  };
}
