import { hasLocale } from 'next-intl';
import { _createCache } from 'use-intl/core';
import { messageNamespaces } from './namespaces';
import { routing } from './routing';

type Catalog = Record<string, unknown>;

/** The catalog of one locale: its namespace files, each under its own key. */
async function loadMessages(locale: string): Promise<Catalog> {
  const parts = await Promise.all(
    messageNamespaces.map(
      async (namespace) => [namespace, (await import(`../../messages/${locale}/${namespace}.json`)).default] as const,
    ),
  );
  return Object.fromEntries(parts);
}

/*
 * Catalogs never change in a running build, and assembling one costs a few
 * milliseconds (the bundler's import map of every locale × namespace, per
 * import): `npm run bench -- --pages` measured it as the largest single cost of
 * a minimal page. So each locale is assembled once per process. `next dev`
 * assembles it per request, so edited messages show without a restart.
 */
const catalogs = new Map<string, Promise<Catalog>>();

function catalogOf(locale: string): Promise<Catalog> {
  if (process.env.NODE_ENV === 'development') return loadMessages(locale);
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = loadMessages(locale);
    catalogs.set(locale, catalog);
    catalog.catch(() => catalogs.delete(locale));
  }
  return catalog;
}

/*
 * next-intl's default time zone is the server's, found per request with a new
 * Intl.DateTimeFormat (a few hundred microseconds of ICU work: the largest
 * next-intl frame in a CPU profile of /status under load). The server's zone
 * does not change while it runs, so it is read once here; the pages name
 * their zone (Europe/London or UTC) wherever they format a date anyway.
 */
const serverTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/*
 * A message with arguments ("Pay {organisation}") is compiled by intl-messageformat
 * the first time it is formatted, into a cache that next-intl makes per request
 * (its `_cache`), so every request compiled the same messages again: ~5 % of a
 * checkout's CPU (docs/checkout.md, Benchmark). A compiled message depends only on
 * its text, locale and formats, all fixed in a running build, so the process keeps
 * one cache: next-intl passes a request config's `_cache` through to its
 * translators (use-intl's initializeConfig and createTranslator). `next dev` keeps
 * next-intl's own, so edited messages show. Tested in tests/unit/i18n/request-config.test.ts.
 */
export const processMessageCache = process.env.NODE_ENV === 'development' ? undefined : _createCache();

/** next-intl's request config for the requested locale (request.ts hands it to next-intl's getRequestConfig). */
export async function requestConfigFor(requested: string | undefined) {
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const config = { locale, messages: await catalogOf(locale), timeZone: serverTimeZone };
  return processMessageCache ? { ...config, _cache: processMessageCache } : config;
}
