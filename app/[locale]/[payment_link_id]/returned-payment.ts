import { z } from 'zod';
import { hostedCheckoutState, hostedFinishReturn } from '@/lib/core/hosted-checkout/hosted-payments';
import { checkoutDestinations, surfaceCheckoutKind } from './checkout-paths';
import type { CheckoutSurface } from './checkout-surface';

/** The query parameters that are the surface's own, not the processor's (the embed carries its flags on every URL). */
const ownParameters = (surface: CheckoutSurface) => (surface.kind === 'embed' ? ['transaction_id', 'hpb', 'hsc', 'method'] : ['transaction_id']);

/**
 * The customer is back from 3-D Secure or the bank (the return pages of the link
 * and of the embed). The attempt named by `transaction_id` is finished here, once
 * (a refresh finds it settled and changes nothing), with what the processor sent
 * back; then the state table decides where the customer goes, among the pages of
 * their surface: paid to success, that attempt declined or failed to failure,
 * abandoned to cancel, anything else to the checkout. Null: no such checkout.
 */
export async function returnDestination(surface: CheckoutSurface, locale: string, id: string,
  searchParams: Record<string, string | string[] | undefined>): Promise<string | null> {
  const query = Object.fromEntries(Object.entries(searchParams).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const transactionId = z.uuid().safeParse(query.transaction_id);
  if (transactionId.success) {
    const payload = { ...query };
    for (const name of ownParameters(surface)) delete payload[name];
    await hostedFinishReturn(id, transactionId.data, payload);
  }
  const { checkout, state } = await hostedCheckoutState(id, surfaceCheckoutKind(surface));
  if (!checkout) return null;
  const to = checkoutDestinations(surface, locale, checkout);
  if (state === 'paid') return to.success;
  const latest = transactionId.success && checkout.latest?.id === transactionId.data ? checkout.latest : null;
  if (latest && ['DECLINED', 'FAILED'].includes(latest.status)) return to.failure;
  if (latest?.status === 'ABANDONED') return to.cancel;
  return to.checkout;
}
