import type { OrganisationSettings } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { emailLocale } from './templates/email-text';

/**
 * The language of the emails to an organisation's staff (alerts, payment notices, the daily digest, the group
 * alerts to the user who created a group): its `notification_locale` setting, else en-GB. Users carry no language
 * of their own, so there is no per-recipient choice to prefer.
 */
export const organisationLocale = (settings: Pick<OrganisationSettings, 'notification_locale'>): Locale =>
  emailLocale(settings.notification_locale);
