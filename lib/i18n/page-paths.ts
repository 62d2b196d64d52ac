import { isUuid } from '@/lib/core/shared/is-uuid';
import { ACTION_REFUSED_SEGMENT } from '@/lib/http/action-refusal';
import { routing } from './routing';
import { unlocalisedPath } from './language-links';

/**
 * The route that answers the 404 document (app/[locale]/[...rest]): two
 * segments, the first not a uuid, so no page of app/[locale]/[payment_link_id] takes it.
 */
export const notFoundRoute = (locale: string) => `/${locale}/not-found/404`;

/** The locale a path names by its prefix, else the default (what next-intl serves an unprefixed path in when it does not redirect). */
export function pathLocale(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return (routing.locales as readonly string[]).includes(first) ? first : routing.defaultLocale;
}

const checkoutShaped = /^\/([^/]+)(?:\/(?:success|failure|cancel|return|member|wallet|qr))?\/?$/;

/** The pages at a single top-level segment (app/[locale]/{segment}/page.tsx), which the rule below lets through. */
const topLevelPages = new Set(['status', 'dashboard', ACTION_REFUSED_SEGMENT]);

/**
 * A path only the payment link pages would take (`/{segment}`, `/{segment}/success`, ...)
 * whose segment is not a uuid, so it can never be a link: the proxy answers it with
 * the 404 route straight away (same address, status 404) instead of the page's
 * redirect to `/{segment}/not-found`. A uuid that is unknown or deleted still goes
 * to the page, which alone can ask the database. A new page at a single top-level
 * segment (`/something`) is listed in topLevelPages.
 */
export function cannotBeAPage(pathname: string): boolean {
  const path = unlocalisedPath(pathname);
  if (topLevelPages.has(path.replace(/^\/|\/$/g, ''))) return false;
  const match = checkoutShaped.exec(path);
  return match !== null && !isUuid(match[1]!);
}
