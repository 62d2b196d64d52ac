import { defineRouting } from 'next-intl/routing';

/** en-GB unprefixed (`/abc`), other locales prefixed (`/fr/abc`). */
export const routing = defineRouting({
  locales: ['en-GB', 'fr', 'de'],
  defaultLocale: 'en-GB',
  localePrefix: 'as-needed',
});

export type Locale = (typeof routing.locales)[number];
