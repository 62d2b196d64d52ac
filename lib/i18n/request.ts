import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
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

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: await catalogOf(locale), timeZone: serverTimeZone };
});
