import { eq } from 'drizzle-orm';
import { organisations, userOrganisations, users } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { enqueueEmail } from './enqueue-email';
import { organisationLocale } from './organisation-locale';
import { emailBrand } from './templates/email-brand';
import type { OrganisationAlert } from './templates/organisation-alert';
import { organisationAlertEmail } from './templates/organisation-alert-email';

export type { OrganisationAlert } from './templates/organisation-alert';

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
 * the organisation, in the organisation's `notification_locale` (en-GB unset).
 * The caller gives the alert's kind and facts; the words are the locale's.
 * Call it with the transaction that records the failure.
 */
export async function notifyOrganisation(
  tx: Executor,
  organisationId: string,
  alert: OrganisationAlert,
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
  const brand = emailBrand(org.name, org.settings, org.image);
  const email = await organisationAlertEmail(brand, organisationLocale(org.settings), alert);
  for (const to of recipients) {
    await enqueueEmail(tx, {
      organisationId,
      kind: `${ALERT_KIND_PREFIX}${alert.kind}`,
      to,
      ...email,
    });
  }
  return recipients.length;
}
