import type { Locale } from '@/lib/i18n/routing';
import enGB from '../../../messages/en-GB/Email.json';
import cy from '../../../messages/cy/Email.json';
import fr from '../../../messages/fr/Email.json';
import de from '../../../messages/de/Email.json';
import es from '../../../messages/es/Email.json';
import it from '../../../messages/it/Email.json';
import nl from '../../../messages/nl/Email.json';
import pt from '../../../messages/pt/Email.json';
import pl from '../../../messages/pl/Email.json';
import sv from '../../../messages/sv/Email.json';
import el from '../../../messages/el/Email.json';
import ar from '../../../messages/ar/Email.json';

/*
 * The words of every email, each locale's messages/{locale}/Email.json (a namespace like the pages', checked
 * complete in every locale by tests/unit/i18n-catalogs.test.ts). Imported statically: emails are written outside
 * any request (the runner, the API, scripts), where next-intl's request config is not there to load them.
 */
/** Every locale has exactly en-GB's keys (the catalog test), so en-GB's file types them all. */
export type EmailCatalog = typeof enGB;

export const emailCatalogs: Record<Locale, EmailCatalog> = {
  'en-GB': enGB,
  cy,
  fr,
  de,
  es,
  it,
  nl,
  pt,
  pl,
  sv,
  el,
  ar,
};
