import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { abandonPayment } from '../payments/finish-payment';
import { startOpenBankingPayment } from '../payments/open-banking';
import { payByCard, type CardPaymentInput } from '../payments/pay-by-card';
import { checkoutPageState } from './checkout-page-state';
import { finishReturnedPayment } from './finish-returned-payment';
import { loadHostedCheckout, type HostedCheckoutKind } from './load-hosted-checkout';

/*
 * The hosted pages' entry to the core: each call opens the process's database
 * here, so pages, actions and route handlers never import lib/db.
 */

/** The link (or the embed's ecommerce session), and the page the state table allows for it now. */
export async function hostedCheckoutState(id: string, kind: HostedCheckoutKind = 'payment_link') {
  const checkout = await loadHostedCheckout(await getDb(), id, kind);
  return { checkout, state: checkoutPageState(checkout, now()) };
}

export const hostedPayByCard = async (input: CardPaymentInput) => payByCard(await getDb(), input);

export const hostedStartOpenBanking = async (input: {
  checkoutId: string;
  coveredLinkIds?: readonly string[];
  returnUrl: string;
  ipAddress?: string | null;
  locale?: string | null;
}) => startOpenBankingPayment(await getDb(), input);

/** Finishes the checkout's attempt waiting at 3-D Secure or the bank with what the processor sent back (finish-returned-payment.ts). */
export const hostedFinishReturn = async (
  id: string,
  kind: HostedCheckoutKind,
  payload: Record<string, string>,
  hint?: string,
) => finishReturnedPayment(await getDb(), id, kind, payload, hint);

/** Cancels the link's attempt waiting at 3-D Secure or the bank, when there is one; the link is payable again. */
export async function hostedAbandon(linkId: string, kind: HostedCheckoutKind = 'payment_link'): Promise<void> {
  const db = await getDb();
  const checkout = await loadHostedCheckout(db, linkId, kind);
  if (checkout?.latest && checkoutPageState(checkout, now()) === 'away') await abandonPayment(db, checkout.latest.id);
}
