import type { OrganisationSettings } from '@/lib/db/schema';
import { hasLocale } from 'next-intl';
import { routing, type Locale } from '@/lib/i18n/routing';
import { emailLocale } from './templates/email-text';

/**
 * The language of the emails to an organisation's staff (alerts, payment notices, the daily digest, the group
 * alerts to the user who created a group): its `notification_locale` setting, else en-GB. Users carry no language
 * of their own, so there is no per-recipient choice to prefer. It is also the language of its customers' emails
 * where theirs is unknown (customerLocale).
 */
export const organisationLocale = (settings: Pick<OrganisationSettings, 'notification_locale'>): Locale =>
  emailLocale(settings.notification_locale);

/**
 * The language of an email to a customer (a payer, a group's leader or member, an approval's recipient): theirs where
 * a page recorded it (`known`: the locale of a payment they made), else the organisation's language, as Stripe writes
 * to a customer whose language it does not know in the account's; en-GB when neither is set (docs/emails.md).
 */
export const customerLocale = (
  known: string | null | undefined,
  settings: Pick<OrganisationSettings, 'notification_locale'>,
): Locale => (hasLocale(routing.locales, known) ? known : organisationLocale(settings));
