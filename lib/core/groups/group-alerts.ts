import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import { groupAlerts, type OrganisationSettings } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { emitEvents } from '@/lib/events/emit-event';
import type { EventType } from '@/lib/events/event-types';
import { ALERT_KIND_PREFIX } from '@/lib/email/notify-organisation';
import { groupAlertEmail, type AlertKind, type AlertLine } from './group-alert-email';

export type { AlertKind, AlertLine } from './group-alert-email';

/** One alert to record: what it is about, and the key that makes it once-only. */
export type PendingAlert = AlertLine & { dedupeKey: string };

type GroupContext = {
  id: string;
  organisation_id: string;
  name: string | null;
  lead_name: string;
  lead_email: string;
  lead_locale: string | null;
  creator_email: string | null;
  organisation_name: string;
  organisation_image: string | null;
  settings: OrganisationSettings;
  booking_reference: string;
};

/**
 * Sends a group's alerts of one kind, each once: in the caller's SQL
 * transaction the group row is locked (two workers alerting the same group
 * take turns), a group_alerts row is inserted per alert under its unique
 * dedupe_key (ON CONFLICT DO NOTHING), and the alerts that were new go in ONE
 * email to the leader (lead_email) and one to the organisation user who
 * created the group, queued in the outbox in the same transaction: the email
 * exists if and only if its alert rows do. Answers how many alerts were new.
 */
export async function sendGroupAlerts(
  tx: Executor,
  groupId: string,
  kind: AlertKind,
  alerts: PendingAlert[],
  extra: { portalUrl?: string } = {},
): Promise<number> {
  if (alerts.length === 0) return 0;
  const [group] = await queryRows<GroupContext>(
    tx,
    sql`
    select g.id, g.organisation_id, g.name, g.lead_name, g.lead_email, g.lead_locale, u.email as creator_email, o.name as organisation_name, o.image as organisation_image, o.settings, b.booking_reference
    from payment_link_groups g
    join organisations o on o.id = g.organisation_id
    join bookings b on b.id = g.booking_id
    left join users u on u.id = g.user_id
    where g.id = ${groupId}::uuid
    for update of g`,
  );
  if (!group) return 0;
  const inserted = await tx
    .insert(groupAlerts)
    .values(alerts.map((a) => ({ groupId, memberId: a.memberId, kind, dedupeKey: a.dedupeKey, createdAt: now() })))
    .onConflictDoNothing({ target: groupAlerts.dedupeKey })
    .returning({ dedupeKey: groupAlerts.dedupeKey });
  if (inserted.length === 0) return 0;
  const fresh = new Set(inserted.map((row) => row.dedupeKey));
  const lines = alerts.filter((a) => fresh.has(a.dedupeKey));
  const context = {
    organisationName: group.organisation_name,
    organisationImage: group.organisation_image,
    settings: group.settings,
    groupName: group.name,
    bookingReference: group.booking_reference,
    groupId: group.id,
  };
  // The leader in the language they use the portal in, once known; the organisation user in the organisation's.
  const recipients = [
    { to: group.lead_email, audience: 'leader' as const, locale: group.lead_locale },
    ...(group.creator_email && group.creator_email.toLowerCase() !== group.lead_email.toLowerCase()
      ? [{ to: group.creator_email, audience: 'organisation' as const, locale: null }]
      : []),
  ];
  for (const { to, audience, locale } of recipients) {
    const email = await groupAlertEmail(kind, lines, {
      ...context,
      audience,
      locale,
      portalUrl: audience === 'leader' ? extra.portalUrl : undefined,
    });
    // An alert: an undeliverable one is marked failed without alerting about it again (notify-organisation.ts).
    await enqueueEmail(tx, {
      organisationId: group.organisation_id,
      kind: `${ALERT_KIND_PREFIX}group-${kind.replace('_', '-')}`,
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
  }
  // The merchant's webhooks hear of it in this same transaction, once per new alert (a missed instalment, a failed collection).
  const type = groupEventOfAlert[kind];
  if (type) {
    // Stubs, in one statement; each event's data (the group as its GET shows it) is rendered at delivery.
    await emitEvents(
      tx,
      lines.map(() => ({ organisationId: group.organisation_id, type, resourceId: group.id })),
    );
  }
  return lines.length;
}

/** The group event each alert kind emits; "due soon" is a reminder, not an event. */
const groupEventOfAlert: Record<AlertKind, EventType | null> = {
  due_soon: null,
  missed: 'payment_link_group.member_overdue',
  charge_failed: 'payment_link_group.collection_failed',
};
