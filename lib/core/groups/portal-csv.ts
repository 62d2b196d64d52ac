import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import { isoCurrency } from '@/lib/money';
import { PAYING_STATUSES } from '../checkout/checkout-status';
import { csvAmount, csvDocument } from '../shared/csv';
import { linkPaidSql } from './link-paid-sql';
import { epochMs, type GroupHeaderRow } from './load-group';

type LinkRow = {
  member_id: string;
  customer_name: string;
  email: string | null;
  share: number | string;
  auto_collect: boolean;
  sequence: number | null;
  amount: number | string;
  due_at: number | string | null;
  paid: boolean;
  payment_id: string | null;
  paid_at: number | string | null;
};

/** The export's columns (docs/groups.md, "Portal at a glance"): one row per instalment of each member. */
export const PORTAL_CSV_HEADER = [
  'member',
  'email',
  'member_status',
  'share',
  'member_paid',
  'member_remaining',
  'member_overdue',
  'automatic_collection',
  'instalment',
  'due_date',
  'amount',
  'instalment_status',
  'paid_at',
  'payment_id',
  'currency',
] as const;

/**
 * Every live member's live links with what pays them: the paid predicate of the group read
 * (linkPaidSql), and the payment that paid the link (its own COMPLETE or PENDING one, or the
 * covering payment that settled it) with the time it was taken. One statement, in the read's
 * member order (position), each member's links in due order.
 */
function exportSql(groupId: string) {
  return sql`
    select m.id as member_id, m.customer_name, m.email, m.amount as share, m.auto_collect,
      l.instalment_sequence as sequence, l.amount, ${epochMs(sql`l.due_at`)} as due_at, l.paid,
      p.id as payment_id, ${epochMs(sql`coalesce(p.completed_at, p.authorised_at, p.created_at)`)} as paid_at
    from group_members m
    join lateral (select own.*, ${linkPaidSql('own')} as paid from payment_links own
      where own.group_member_id = m.id and own.deleted_at is null offset 0) l on true
    left join lateral (select t.id, t.completed_at, t.authorised_at, t.created_at from transactions t
      where t.id = l.settled_by_transaction_id
        or (t.payment_link_id = l.id and t.status in (${sql.raw(PAYING_STATUSES.map((s) => `'${s}'`).join(', '))}))
      order by t.created_at limit 1) p on l.paid
    where m.group_id = ${groupId} and m.removed_at is null
    order by m.position, m.id, l.due_at asc nulls last, l.instalment_sequence nulls first, l.created_at, l.id`;
}

const isoDate = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString().slice(0, 10));
const isoTime = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * The group's members and payments as CSV for the leader (a spreadsheet of who paid what and
 * when). Dates are ISO 8601 (a spreadsheet's own format, whatever the leader's language), amounts
 * decimals in the group's currency, statuses the API's words. A member is overdue when an unpaid
 * link's due date has passed, as in the read (serialize-group.ts).
 */
export async function portalCsv(db: Executor, group: GroupHeaderRow): Promise<string> {
  const rows = await queryRows<LinkRow>(db, exportSql(group.id));
  const at = now().getTime();
  const currency = isoCurrency(group.currency);
  const byMember = new Map<string, LinkRow[]>();
  for (const row of rows) byMember.set(row.member_id, [...(byMember.get(row.member_id) ?? []), row]);
  const lines = [...byMember.values()].flatMap((links) => {
    const member = links[0]!;
    const overdueLink = (l: LinkRow) => !l.paid && l.due_at !== null && Number(l.due_at) <= at;
    const paid = links.filter((l) => l.paid).reduce((sum, l) => sum + Number(l.amount), 0);
    const overdue = links.filter(overdueLink).reduce((sum, l) => sum + Number(l.amount), 0);
    const remaining = Number(member.share) - paid;
    const status = remaining <= 0 ? 'paid' : overdue > 0 ? 'overdue' : 'outstanding';
    return links.map((l) => [
      member.customer_name,
      member.email,
      status,
      csvAmount(Number(member.share)),
      csvAmount(paid),
      csvAmount(Math.max(0, remaining)),
      csvAmount(overdue),
      member.auto_collect ? 'on' : 'off',
      l.sequence,
      isoDate(l.due_at),
      csvAmount(Number(l.amount)),
      l.paid ? 'paid' : overdueLink(l) ? 'overdue' : 'unpaid',
      isoTime(l.paid ? l.paid_at : null),
      l.paid ? l.payment_id : null,
      currency,
    ]);
  });
  return csvDocument(PORTAL_CSV_HEADER, lines);
}
