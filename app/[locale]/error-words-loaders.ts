import type { Locale } from '@/lib/i18n/routing';

/*
 * Each language's error words as a chunk of its own, fetched only when the root layout itself failed
 * (global-error.tsx, the one error page outside the layout that hands the words down).
 */
type Catalog = Promise<{ default: { title: string; body: string; retry: string; reference: string } }>;
export const errorWordsLoaders: Record<Exclude<Locale, 'en-GB'>, () => Catalog> = {
  cy: () => import('@/messages/cy/ErrorPage.json'),
  fr: () => import('@/messages/fr/ErrorPage.json'),
  de: () => import('@/messages/de/ErrorPage.json'),
  es: () => import('@/messages/es/ErrorPage.json'),
  it: () => import('@/messages/it/ErrorPage.json'),
  nl: () => import('@/messages/nl/ErrorPage.json'),
  pt: () => import('@/messages/pt/ErrorPage.json'),
  pl: () => import('@/messages/pl/ErrorPage.json'),
  sv: () => import('@/messages/sv/ErrorPage.json'),
  el: () => import('@/messages/el/ErrorPage.json'),
  ar: () => import('@/messages/ar/ErrorPage.json'),
};
