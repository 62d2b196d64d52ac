import { eq } from 'drizzle-orm';
import { organisations, userOrganisations, users } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { enqueueEmail } from './enqueue-email';
import { emailBrand } from './templates/email-brand';
import { organisationAlertHtml } from './templates/organisation-alert-email';

/**
 * Alert emails are queued with the kind `alert:<kind>`, so that delivery can
 * tell them apart: an undeliverable alert fails without alerting again (no loops).
 */
export const ALERT_KIND_PREFIX = 'alert:';

export const isAlertKind = (kind: string) => kind.startsWith(ALERT_KIND_PREFIX);

/**
 * Tells an organisation that something needs a person (a refund or scheduled
 * payment that finally failed, an email that could not be delivered). Goes to
 * the organisation's `notification_email` setting, or else to every user of
 * the organisation. Call it with the transaction that records the failure.
 */
export async function notifyOrganisation(
  tx: Executor,
  organisationId: string,
  message: { kind: string; subject: string; text: string },
): Promise<number> {
  const [org] = await tx
    .select({ name: organisations.name, settings: organisations.settings, image: organisations.image })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!org) return 0;
  const recipients = org.settings.notification_email
    ? [org.settings.notification_email]
    : (
        await tx
          .select({ email: users.email })
          .from(userOrganisations)
          .innerJoin(users, eq(users.id, userOrganisations.userId))
          .where(eq(userOrganisations.organisationId, organisationId))
      ).map((row) => row.email);
  if (recipients.length === 0) return 0;
  const subject = `${org.name}: ${message.subject}`;
  // Staff alerts stay in English (plain text as written), with an HTML part in the organisation's band.
  const html = await organisationAlertHtml(emailBrand(org.name, org.settings, org.image), subject, message.text);
  for (const to of recipients) {
    await enqueueEmail(tx, {
      organisationId,
      kind: isAlertKind(message.kind) ? message.kind : `${ALERT_KIND_PREFIX}${message.kind}`,
      to,
      subject,
      text: message.text,
      html,
    });
  }
  return recipients.length;
}
