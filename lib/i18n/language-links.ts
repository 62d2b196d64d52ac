import { routing } from './routing';

/** The path without its locale prefix: `/fr/abc` and `/abc` are both `/abc`; `/fr` is `/`. */
export function unlocalisedPath(pathname: string): string {
  const [, first, ...rest] = pathname.split('/');
  if (first && (routing.locales as readonly string[]).includes(first)) return `/${rest.join('/')}`;
  return pathname.startsWith('/') ? pathname : `/${pathname}`;
}

/**
 * The same page in another language, always with the locale prefix, en-GB too:
 * the proxy (next-intl) answers `/en-GB/abc` with a redirect to `/abc` and stores
 * the choice in the NEXT_LOCALE cookie. A plain `/abc` would be sent back to the
 * Accept-Language locale, so a French browser could never pick English without JavaScript.
 */
export function languageHref(locale: string, pathname: string): string {
  const path = unlocalisedPath(pathname);
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
