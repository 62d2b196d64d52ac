import ar from '@/messages/ar/ErrorPage.json';
import cy from '@/messages/cy/ErrorPage.json';
import de from '@/messages/de/ErrorPage.json';
import el from '@/messages/el/ErrorPage.json';
import enGB from '@/messages/en-GB/ErrorPage.json';
import es from '@/messages/es/ErrorPage.json';
import fr from '@/messages/fr/ErrorPage.json';
import it from '@/messages/it/ErrorPage.json';
import nl from '@/messages/nl/ErrorPage.json';
import pl from '@/messages/pl/ErrorPage.json';
import pt from '@/messages/pt/ErrorPage.json';
import sv from '@/messages/sv/ErrorPage.json';
import type { Locale } from './routing';

/**
 * The ErrorPage namespace of every language, bundled: for the answers proxy.ts writes
 * itself (a refused form), which run before next-intl and any page.
 */
export const errorPageWords: Record<Locale, typeof enGB> = {
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
