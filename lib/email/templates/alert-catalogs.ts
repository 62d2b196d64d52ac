import type { Locale } from '@/lib/i18n/routing';
import enGB from '../../../messages/en-GB/EmailAlerts.json';
import cy from '../../../messages/cy/EmailAlerts.json';
import fr from '../../../messages/fr/EmailAlerts.json';
import de from '../../../messages/de/EmailAlerts.json';
import es from '../../../messages/es/EmailAlerts.json';
import it from '../../../messages/it/EmailAlerts.json';
import nl from '../../../messages/nl/EmailAlerts.json';
import pt from '../../../messages/pt/EmailAlerts.json';
import pl from '../../../messages/pl/EmailAlerts.json';
import sv from '../../../messages/sv/EmailAlerts.json';
import el from '../../../messages/el/EmailAlerts.json';
import ar from '../../../messages/ar/EmailAlerts.json';

/*
 * The words of the alerts to an organisation's staff (messages/{locale}/EmailAlerts.json), imported statically as
 * email-catalogs.ts does: alerts are written by the runner and the API, outside any request.
 */
export type AlertCatalog = typeof enGB;

export const alertCatalogs: Record<Locale, AlertCatalog> = {
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
