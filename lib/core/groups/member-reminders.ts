import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { groupAlerts, type OrganisationSettings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { customerLocale } from '@/lib/email/organisation-locale';
import { emailText } from '@/lib/email/templates/email-text';
import { memberReminderEmail } from '@/lib/email/templates/member-reminder-email';
import { hostedOrigin } from './hosted-origin';

export type ReminderKind = 'member_due_soon' | 'member_missed';

/** One instalment link to remind its member of, as the runner's scan (lib/runner/member-reminders-step.ts) reads it. */
export type ReminderCandidate = {
  id: string;
  amount: string | number;
  currency: string;
  due_at: Date | string;
  member_id: string;
  customer_name: string;
  email: string;
  group_id: string;
  group_name: string | null;
  organisation_id: string;
  organisation_name: string;
  organisation_image: string | null;
  settings: OrganisationSettings;
  booking_reference: string;
  /** The stored card of the collection queued for this link (automatic collection), if there is one. */
  card_brand: string | null;
  last_four: string | null;
  /** The member's last known language (member-locale.ts), or null. */
  locale: string | null;
};

/** The claim of a reminder: one per instalment link and kind, ever (group_alerts' unique dedupe_key). */
export const reminderKey = (kind: ReminderKind, linkId: string) => `${kind}:${linkId}`;

/**
 * Reminds one member of one instalment, once: in one SQL transaction the claim row is inserted under its
 * unique key (ON CONFLICT DO NOTHING) and, only if this caller inserted it, the email is queued. Two runners
 * racing both try; one gets the row and sends, the other sends nothing. Answers whether this call sent it.
 * The email is rendered first, outside the transaction (no lock is held while React renders).
 */
export async function sendMemberReminder(db: Db, kind: ReminderKind, row: ReminderCandidate): Promise<boolean> {
  const collectedFrom =
    kind === 'member_due_soon' && row.last_four ? { brand: row.card_brand ?? '', lastFour: row.last_four } : null;
  const email = await memberReminderEmail(
    emailBrand(row.organisation_name, row.settings, row.organisation_image),
    emailText(customerLocale(row.locale, row.settings)),
    {
      kind: kind === 'member_due_soon' ? 'due_soon' : 'missed',
      bookingReference: row.booking_reference,
      groupName: row.group_name,
      memberName: row.customer_name,
      amount: Number(row.amount),
      currency: row.currency,
      dueAt: new Date(row.due_at),
      url: `${hostedOrigin(row.settings)}/${row.id}`,
      collectedFrom,
    },
  );
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(groupAlerts)
      .values({
        groupId: row.group_id,
        memberId: row.member_id,
        kind,
        dedupeKey: reminderKey(kind, row.id),
        createdAt: now(),
      })
      .onConflictDoNothing({ target: groupAlerts.dedupeKey })
      .returning({ id: groupAlerts.id });
    if (claimed.length === 0) return false;
    await enqueueEmail(tx, {
      organisationId: row.organisation_id,
      kind: collectedFrom
        ? 'group-member-collection-notice'
        : kind === 'member_due_soon'
          ? 'group-member-reminder'
          : 'group-member-overdue',
      to: row.email,
      ...email,
    });
    return true;
  });
}

/** SQL: the member may be emailed by the service (a leader-added member awaiting the organisation's approval may not). */
export const memberMayBeEmailedSql = (sandbox: boolean) => sql`not (m.added_by_leader and m.approved_at is null
  and coalesce((o.settings->>'leader_members_require_approval')::boolean, ${!sandbox}))`;
