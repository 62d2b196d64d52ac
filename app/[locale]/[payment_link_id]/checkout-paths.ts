import { publicBaseUrl } from '@/lib/config';
import { getPathname } from '@/lib/i18n/navigation';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import type { Locale } from '@/lib/i18n/routing';

/** A path of the link's hosted pages in the customer's language: '' is the checkout itself. */
export const checkoutPath = (locale: string, id: string, page: '' | 'success' | 'failure' | 'cancel' | 'return' = '') =>
  getPathname({ href: page ? `/${id}/${page}` : `/${id}`, locale: locale as Locale });

/** Where 3-D Secure and the bank send the customer back: an absolute URL on the configured origin. */
export const returnUrl = (locale: string, id: string) => `${publicBaseUrl()}${checkoutPath(locale, id, 'return')}`;

/**
 * Where an outcome goes: the link's own URL when set (checked http(s) when the
 * link was created, and again here), else the default result page.
 */
export function outcomeUrl(checkout: Pick<HostedCheckout, 'id' | 'redirects'>, locale: string, outcome: 'success' | 'failure' | 'cancel'): string {
  const own = checkout.redirects[outcome];
  return own && /^https?:\/\//i.test(own) ? own : checkoutPath(locale, checkout.id, outcome);
}

/**
 * The server-rendered 404 document (app/[locale]/[...rest]) for a path this
 * segment cannot serve. A page's notFound() would send a shell that only
 * JavaScript fills (Next.js 16), so the page redirects to a two-segment path
 * that the catch-all route handler answers with a full 404.
 */
export const notFoundPath = (locale: string, segment: string) =>
  getPathname({ href: `/${encodeURIComponent(segment)}/not-found`, locale: locale as Locale });
