import { z } from 'zod';
import { hostedCheckoutState, hostedFinishReturn } from '@/lib/core/hosted-checkout/hosted-payments';
import { checkoutDestinations, surfaceCheckoutKind } from './checkout-paths';
import type { CheckoutSurface } from './checkout-surface';

/** The query parameters that are the surface's own, not the processor's (the embed carries its flags on every URL). */
const ownParameters = (surface: CheckoutSurface) =>
  surface.kind === 'embed' ? ['transaction_id', 'hpb', 'hsc', 'method'] : ['transaction_id'];

/**
 * The customer is back from 3-D Secure or the bank (the return pages of the link
 * and of the embed), with what the processor appended: Adyen's `redirectResult`
 * and nothing of ours (the sandbox returns the same way). The checkout's own
 * attempt waiting there is finished here, once (a refresh finds it settled and
 * changes nothing), before the page that follows could offer to cancel it; then
 * the state table decides where the customer goes, among the pages of their
 * surface: paid to success, that attempt declined or failed to failure,
 * abandoned to cancel, anything else to the checkout. Null: no such checkout.
 * A `transaction_id` parameter is only a hint (finish-returned-payment.ts).
 */
export async function returnDestination(
  surface: CheckoutSurface,
  locale: string,
  id: string,
  searchParams: Record<string, string | string[] | undefined>,
): Promise<string | null> {
  const query = Object.fromEntries(
    Object.entries(searchParams).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const hint = z.uuid().safeParse(query.transaction_id);
  const payload = { ...query };
  for (const name of ownParameters(surface)) delete payload[name];
  const kind = surfaceCheckoutKind(surface);
  const returned = await hostedFinishReturn(id, kind, payload, hint.success ? hint.data : undefined);
  const { checkout, state } = await hostedCheckoutState(id, kind);
  if (!checkout) return null;
  const to = checkoutDestinations(surface, locale, checkout);
  if (state === 'paid') return to.success;
  const latest = returned && checkout.latest?.id === returned ? checkout.latest : null;
  // REJECTED: a wallet judged once its authorisation came back from 3-D Secure (wallet-late-decision.ts).
  if (latest && ['DECLINED', 'FAILED', 'REJECTED'].includes(latest.status)) return to.failure;
  if (latest?.status === 'ABANDONED') return to.cancel;
  return to.checkout;
}
