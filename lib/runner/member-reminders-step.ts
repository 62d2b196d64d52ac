import { sql, type SQL } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import { linkPaidSql } from '@/lib/core/groups/link-paid-sql';
import {
  memberMayBeEmailedSql,
  sendMemberReminder,
  type ReminderCandidate,
  type ReminderKind,
} from '@/lib/core/groups/member-reminders';
import { DEFAULT_REMINDER_DAYS, MAX_REMINDER_DAYS } from '@/lib/core/notices/notice-settings';
import { MISSED_LOOKBACK_MS } from './group-alerts-step';
import { memberLocaleSql } from '@/lib/core/groups/member-locale';

const DAY_MS = 86_400_000;

/**
 * The members' own reminders (docs/groups.md "Reminders to members"), beside the leader's and creator's alerts
 * (group-alerts-step.ts) and with the same scans: an unpaid live instalment link of a live member with an email
 * that falls due within the organisation's `member_reminder_days` (3 by default; 0: none), or whose due date
 * passed with no automatic collection still under way. A link whose collection is queued says it will be
 * collected from the card (the scan reads the card). Each is claimed once per link and kind (group_alerts,
 * `member_due_soon:{link}`, `member_missed:{link}`), so passes and runners never send one twice. Answers the
 * reminders sent.
 */
export async function runMemberReminders(db: Db, limit = 200): Promise<number> {
  const at = now();
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const days = sql`coalesce((o.settings->>'member_reminder_days')::int, ${DEFAULT_REMINDER_DAYS})`;
  const dueSoon = await candidates(
    db,
    'member_due_soon',
    sql`l.due_at > ${stamp} and l.due_at <= ${new Date(at.getTime() + MAX_REMINDER_DAYS * DAY_MS).toISOString()}::timestamptz
    and l.due_at <= ${stamp} + ${days} * interval '1 day'`,
    limit,
  );
  const missed = await candidates(
    db,
    'member_missed',
    sql`l.due_at <= ${stamp} and l.due_at > ${new Date(at.getTime() - MISSED_LOOKBACK_MS).toISOString()}::timestamptz
    and not exists (select 1 from scheduled_payments s where s.payment_link_id = l.id and s.status in ('AWAITING_APPROVAL', 'QUEUED', 'IN_PROGRESS'))`,
    limit,
  );
  let sent = 0;
  for (const row of dueSoon) if (await sendMemberReminder(db, 'member_due_soon', row)) sent += 1;
  for (const row of missed) if (await sendMemberReminder(db, 'member_missed', row)) sent += 1;
  return sent;
}

/** Unpaid live links of live members with an email, in the window, with no reminder of this kind yet, in due order. */
function candidates(db: Db, kind: ReminderKind, window: SQL, limit: number): Promise<ReminderCandidate[]> {
  return queryRows<ReminderCandidate>(
    db,
    sql`
    select l.id, l.amount, l.currency, l.due_at, m.id as member_id, m.customer_name, m.email, m.group_id,
      g.name as group_name, g.organisation_id, o.name as organisation_name, o.image as organisation_image, o.settings,
      b.booking_reference, card.card_brand, card.last_four, ${memberLocaleSql(sql`m.id`)} as locale
    from payment_links l
    join group_members m on m.id = l.group_member_id
    join payment_link_groups g on g.id = m.group_id
    join organisations o on o.id = g.organisation_id
    join bookings b on b.id = g.booking_id
    left join lateral (
      select c.card_brand, c.last_four from scheduled_payments s join saved_cards c on c.id = s.saved_card_id
      where s.payment_link_id = l.id and s.status in ('QUEUED', 'IN_PROGRESS') limit 1) card on true
    where l.group_member_id is not null and l.deleted_at is null and ${window}
      and m.removed_at is null and m.email is not null
      and ${memberMayBeEmailedSql(isSandbox())}
      and not ${linkPaidSql('l')}
      and not exists (select 1 from group_alerts a where a.dedupe_key = ${`${kind}:`} || l.id::text)
    order by l.due_at, l.id
    limit ${limit}`,
  );
}
