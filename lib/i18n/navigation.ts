import { redirect as nextRedirect } from 'next/navigation';
import { routing, type Locale } from './routing';

/*
 * The site's paths in a language, as next-intl's createNavigation(routing) made
 * them (en-GB unprefixed, the others under /{locale}), without it: importing
 * createNavigation into a page's server code put next-intl's client Link and
 * use-intl (12.7 KiB gzip) into that page's first-load JavaScript, used or not.
 * tests/unit/i18n/navigation.test.ts holds next-intl's answers for the site's paths.
 * The site's <Link> is in ./link.tsx and deliberately not re-exported here: a page that imported only getPathname
 * from this module still had Next's client Link (3.3 KiB gzip) in its first-load JavaScript (the checkout did).
 */
type QueryValue = string | number | boolean;
export type Href = string | { pathname: string; query?: Record<string, QueryValue | readonly QueryValue[]> };

export function getPathname({ href, locale }: { href: Href; locale: Locale | string }): string {
  const { pathname, query } = typeof href === 'string' ? { pathname: href, query: undefined } : href;
  let path = pathname;
  if (query) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (Array.isArray(value)) value.forEach((item) => params.append(name, String(item)));
      else params.set(name, String(value));
    }
    path += `?${params}`;
  }
  if (locale === routing.defaultLocale || !path.startsWith('/')) return path;
  return `/${locale}${/^\/(\?.*)?$/.test(path) ? path.slice(1) : path}`;
}

/** Next's redirect to a path of this site in a language. */
export function redirect({ href, locale }: { href: Href; locale: Locale | string }): never {
  return nextRedirect(getPathname({ href, locale }));
}
