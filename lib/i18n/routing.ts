import { defineRouting } from 'next-intl/routing';

/**
 * The site's languages. en-GB unprefixed (`/abc`), the others prefixed (`/fr/abc`).
 * A first visit to an unprefixed path is sent to the customer's language
 * (Accept-Language; later the NEXT_LOCALE cookie, set when they pick another).
 */
export const routing = defineRouting({
  locales: ['en-GB', 'cy', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'el', 'ar'],
  defaultLocale: 'en-GB',
  localePrefix: 'as-needed',
  // No `Link: <...>; rel="alternate"` header listing the page in every locale: next-intl builds it
  // on every request in the proxy (URL parsing for 13 entries; a measurable share of a minimal page's
  // CPU), and these pages are payment capabilities, not pages to index. Each page's language switch
  // already links its other languages with hreflang.
  alternateLinks: false,
});

export type Locale = (typeof routing.locales)[number];

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
export const localeNames: Record<Locale, string> = {
  'en-GB': 'English',
  cy: 'Cymraeg',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  pl: 'Polski',
  sv: 'Svenska',
  el: 'Ελληνικά',
  ar: 'العربية',
};

/** Languages written right to left. */
const rightToLeft: ReadonlySet<string> = new Set(['ar']);

export const textDirection = (locale: string): 'rtl' | 'ltr' => (rightToLeft.has(locale) ? 'rtl' : 'ltr');

/** The value if it is one of the site's languages, else the default (an error page's language from its params). */
export const localeOrDefault = (locale: unknown): Locale =>
  typeof locale === 'string' && (routing.locales as readonly string[]).includes(locale)
    ? (locale as Locale)
    : routing.defaultLocale;
