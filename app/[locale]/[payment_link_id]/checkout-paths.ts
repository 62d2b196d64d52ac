import { publicBaseUrl, serviceMode } from '@/lib/config';
import { publicUrlProblem } from '@/lib/core/shared/public-url';
import { getPathname } from '@/lib/i18n/navigation';
import type { HostedCheckout, HostedCheckoutKind } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { embedQuery, embedTransactionMethod, type EmbedFlags } from '@/lib/embed/embed-flags';
import type { Locale } from '@/lib/i18n/routing';
import type { CheckoutSurface } from './checkout-surface';

/** A path of the link's hosted pages in the customer's language: '' is the checkout itself. */
export const checkoutPath = (locale: string, id: string, page: '' | 'success' | 'failure' | 'cancel' | 'return' = '') =>
  getPathname({ href: page ? `/${id}/${page}` : `/${id}`, locale: locale as Locale });

/** Where 3-D Secure and the bank send the customer back: an absolute URL on the configured origin. */
export const returnUrl = (locale: string, id: string) => `${publicBaseUrl()}${checkoutPath(locale, id, 'return')}`;

/**
 * Where an outcome goes: the link's own URL when set (checked when the link was
 * created, and again here: http(s), https only in production, no user@host), else
 * the default result page.
 */
export function outcomeUrl(
  checkout: Pick<HostedCheckout, 'id' | 'redirects'>,
  locale: string,
  outcome: 'success' | 'failure' | 'cancel',
): string {
  const own = checkout.redirects[outcome];
  return own && publicUrlProblem(own, serviceMode()) === null ? own : checkoutPath(locale, checkout.id, outcome);
}

/** An embed page of an ecommerce session, in the customer's language, with the embed's flags (and any extra query). */
export function embedPath(
  locale: string,
  id: string,
  page: '' | 'failure' | 'return' | 'redirect' | 'wallet',
  flags: EmbedFlags,
  extra: Record<string, string> = {},
): string {
  const path = getPathname({ href: page ? `/embed/${id}/${page}` : `/embed/${id}`, locale: locale as Locale });
  const query = new URLSearchParams(embedQuery(flags));
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Where each outcome of a form goes, for the surface it was posted from, and how the payment is recorded. */
export type CheckoutDestinations = {
  checkout: string;
  success: string;
  failure: string;
  cancel: string;
  /** Where 3-D Secure and the bank send the customer back (absolute). */
  returnUrl: string;
  /** Where the customer goes for a processor's step (3-D Secure, the bank) at `url`. */
  step: (url: string) => string;
  transactionMethod: 'ONLINE' | 'MOTO_IN_PERSON';
};

/**
 * The one place that knows each surface's pages. The payment link page: its
 * result pages or the link's own URLs. The embed: its own pages only, all inside
 * the frame (the SDK's sandbox forbids top navigation, so a merchant's success URL
 * is never loaded there); a processor step first passes the embed's redirect page,
 * which tells the parent (`iframeRedirect`) before the frame loads it.
 */
export function checkoutDestinations(
  surface: CheckoutSurface,
  locale: string,
  checkout: Pick<HostedCheckout, 'id' | 'redirects'>,
): CheckoutDestinations {
  const { id } = checkout;
  if (surface.kind === 'page') {
    return {
      checkout: checkoutPath(locale, id),
      success: outcomeUrl(checkout, locale, 'success'),
      failure: outcomeUrl(checkout, locale, 'failure'),
      cancel: outcomeUrl(checkout, locale, 'cancel'),
      returnUrl: returnUrl(locale, id),
      step: (url) => url,
      transactionMethod: 'ONLINE',
    };
  }
  const { flags } = surface;
  const home = embedPath(locale, id, '', flags);
  return {
    checkout: home,
    success: home,
    failure: embedPath(locale, id, 'failure', flags),
    cancel: home,
    returnUrl: `${publicBaseUrl()}${embedPath(locale, id, 'return', flags)}`,
    step: (url) => embedPath(locale, id, 'redirect', flags, { to: url }),
    transactionMethod: embedTransactionMethod(flags),
  };
}

/** The kind of checkout each surface serves. */
export const surfaceCheckoutKind = (surface: CheckoutSurface): HostedCheckoutKind =>
  surface.kind === 'embed' ? 'ecommerce' : 'payment_link';
