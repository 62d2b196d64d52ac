import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { messageNamespaces } from './namespaces';
import { routing } from './routing';

/** The catalog of one locale: its namespace files, each under its own key. */
async function loadMessages(locale: string): Promise<Record<string, unknown>> {
  const parts = await Promise.all(messageNamespaces.map(async (namespace) =>
    [namespace, (await import(`../../messages/${locale}/${namespace}.json`)).default] as const));
  return Object.fromEntries(parts);
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: await loadMessages(locale) };
});
