import type { CheckoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import type { StageMessage } from './embed-protocol';

/**
 * The stage an embed page announces to its parent when it renders, from the state
 * table: paid is `success` with the paying attempt's id (so a re-render by the SDK
 * says success again, never `rendered`), an attempt at 3-D Secure, the bank or being
 * confirmed is `processing`, `declined` only on the page a declined attempt lands on.
 * `moto`: the page's URL carries the MOTO flag.
 */
export function pageStage(
  checkout: (Pick<HostedCheckout, 'latest' | 'methods'> & Partial<Pick<HostedCheckout, 'motoAllowed'>>) | null,
  state: CheckoutPageState,
  declined?: string,
  moto = false,
): StageMessage {
  const latest = checkout?.latest?.id;
  if (!checkout || state === 'not_found') return { stage: 'error', code: 'embed.not_found' };
  if (state === 'paid' && latest) return { stage: 'success', transactionID: latest };
  if (state === 'expired') return { stage: 'expired' };
  if (state === 'away' || state === 'confirming')
    return latest ? { stage: 'processing', transactionID: latest } : { stage: 'processing' };
  if (!checkout.methods.card && !checkout.methods.openBanking)
    return { stage: 'error', code: 'embed.no_payment_method' };
  // The MOTO flag where the session does not allow MOTO: no form is shown (embed-flags.ts), so none waits.
  if (moto && !checkout.motoAllowed) return { stage: 'error', code: 'embed.moto_not_allowed' };
  return declined ? { stage: 'declined', transactionID: declined } : { stage: 'rendered' };
}
