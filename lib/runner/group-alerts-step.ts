import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import { sendGroupAlerts, type AlertKind, type PendingAlert } from '@/lib/core/groups/group-alerts';
import { linkPaidSql } from '@/lib/core/groups/link-paid-sql';
import { portalUrl } from '@/lib/core/groups/portal-url';

/** "Due soon" is this long before an instalment's due date. */
export const DUE_SOON_MS = 3 * 24 * 60 * 60 * 1000;
/** A due date further back than this is not looked at again (the scan stays short; a runner down for a month alerts no more). */
export const MISSED_LOOKBACK_MS = 30 * 24 * 60 * 60 * 1000;

type Candidate = {
  id: string;
  amount: string | number;
  currency: string;
  due_at: Date | string;
  member_id: string;
  customer_name: string;
  auto_collect: boolean;
  group_id: string;
  portal_domain: string | null;
};

/**
 * The runner's group alerts (docs/groups.md, "Automatic collection and
 * alerts"): an unpaid live instalment link of a live member that falls due
 * within 3 days (`due_soon:{link}`), or whose due date has passed with no
 * automatic collection still under way (`missed:{link}`: the member is
 * overdue). Each scan is one indexed query (payment_links_group_due_idx) of
 * up to `limit` links with no alert yet; each group's new alerts then go out
 * in one transaction (sendGroupAlerts: alert rows + one email per recipient),
 * so two workers never send one twice. Failed automatic charges are alerted
 * where they fail (failScheduledPayment). Answers the alerts sent.
 */
export async function runGroupAlerts(db: Db, limit = 200): Promise<number> {
  const at = now();
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const dueSoon = await candidates(
    db,
    'due_soon',
    sql`l.due_at > ${stamp} and l.due_at <= ${new Date(at.getTime() + DUE_SOON_MS).toISOString()}::timestamptz`,
    limit,
  );
  const missed = await candidates(
    db,
    'missed',
    sql`l.due_at <= ${stamp} and l.due_at > ${new Date(at.getTime() - MISSED_LOOKBACK_MS).toISOString()}::timestamptz
    and not exists (select 1 from scheduled_payments s where s.payment_link_id = l.id and s.status in ('AWAITING_APPROVAL', 'QUEUED', 'IN_PROGRESS'))`,
    limit,
  );
  return (await alertByGroup(db, 'due_soon', dueSoon)) + (await alertByGroup(db, 'missed', missed));
}

/** Unpaid live links of live members in the window, with no alert of this kind yet, in due order. */
async function candidates(
  db: Db,
  kind: AlertKind,
  window: ReturnType<typeof sql>,
  limit: number,
): Promise<Candidate[]> {
  return queryRows<Candidate>(
    db,
    sql`
    select l.id, l.amount, l.currency, l.due_at, m.id as member_id, m.customer_name, m.auto_collect, m.group_id,
      o.settings->>'portal_domain' as portal_domain
    from payment_links l
    join group_members m on m.id = l.group_member_id
    join payment_link_groups g on g.id = m.group_id
    join organisations o on o.id = g.organisation_id
    where l.group_member_id is not null and l.deleted_at is null and ${window}
      and m.removed_at is null
      and not ${linkPaidSql('l')}
      and not exists (select 1 from group_alerts a where a.dedupe_key = ${`${kind}:`} || l.id::text)
    order by l.due_at, l.id
    limit ${limit}`,
  );
}

async function alertByGroup(db: Db, kind: AlertKind, rows: Candidate[]): Promise<number> {
  const byGroup = new Map<string, Candidate[]>();
  for (const row of rows) byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), row]);
  let sent = 0;
  for (const [groupId, links] of byGroup) {
    const alerts: PendingAlert[] = links.map((l) => ({
      dedupeKey: `${kind}:${l.id}`,
      memberId: l.member_id,
      memberName: l.customer_name,
      amount: Number(l.amount),
      currency: l.currency,
      dueAt: new Date(l.due_at),
      autoCollect: l.auto_collect,
    }));
    const url = await portalUrl(db, groupId, { portal_domain: links[0]!.portal_domain });
    sent += await db.transaction((tx) => sendGroupAlerts(tx, groupId, kind, alerts, { portalUrl: url }));
  }
  return sent;
}
