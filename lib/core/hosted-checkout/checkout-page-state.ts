import type { HostedCheckout } from './load-hosted-checkout';

/**
 * The one table of the payment link journey (GOV.UK Pay's pay-frontend keeps
 * the same kind of map): every page reads the link and its latest attempt and
 * asks this function what may be shown. Refreshes, back buttons and second
 * tabs then land on the right page by construction.
 *
 * | link / latest attempt                              | page state      |
 * |----------------------------------------------------|-----------------|
 * | unknown, deleted, not a uuid                       | not_found (404) |
 * | an attempt COMPLETE or PENDING (held)              | paid (receipt)  |
 * | PAYMENTINPROGRESS at 'challenge' or 'bank'         | away (continue or cancel) |
 * | PAYMENTINPROGRESS at 'authorising' / 'unsettled'   | confirming      |
 * | a member's link being collected automatically      | confirming      |
 * | past expires_at                                    | expired         |
 * | anything else (none, DECLINED, REJECTED, ...)      | active (the form) |
 *
 * Paid wins over expired: a link paid before it expired still shows its receipt.
 * A group member's link covered by a payment taken on another of their links
 * (several instalments at once) reads that payment as its attempt
 * (load-hosted-checkout.ts): settled by it, the page is paid with its receipt;
 * while it is in progress, away or confirming, and cancelling there abandons it.
 */
export type CheckoutPageState = 'not_found' | 'paid' | 'away' | 'confirming' | 'expired' | 'active';

export function checkoutPageState(checkout: HostedCheckout | null, now: Date): CheckoutPageState {
  if (!checkout) return 'not_found';
  const latest = checkout.latest;
  if (latest && (latest.status === 'COMPLETE' || latest.status === 'PENDING')) return 'paid';
  if (latest?.status === 'PAYMENTINPROGRESS')
    return latest.stage === 'challenge' || latest.stage === 'bank' ? 'away' : 'confirming';
  if (checkout.member?.collecting) return 'confirming';
  if (checkout.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/**
 * Which result pages each state may show. A result page asked for in another
 * state sends the customer to the link, which shows what is true now (no
 * "payment received" for an unpaid link, no "try again" for a paid one).
 */
export const resultPageAllowed: Record<'success' | 'failure' | 'cancel', readonly CheckoutPageState[]> = {
  success: ['paid'],
  failure: ['active', 'expired'],
  cancel: ['active', 'expired'],
};
