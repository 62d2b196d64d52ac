import { isSandbox } from '@/lib/config';
import { sandboxDccRates, type DccRates } from '@/lib/payments/card-rules';

/**
 * Where the rates of a DCC offer come from, or null when there is no source:
 * then no DCC is offered at all, whatever the link and organisation allow.
 *
 * Sandbox: the fixed sandbox rates (1 GBP = 1.17 EUR = 1.27 USD), and the page
 * labels them as sandbox rates. Production: no quote source is built yet (real
 * DCC needs the acquirer's quote, Adyen's ForexQuote sent back as `dccQuote` on
 * /payments, with its own expiry), so production offers no DCC: a made-up rate
 * must never be shown to a real card (issue 15, defect 4; docs/checkout.md).
 */
export function dccRates(): DccRates | null {
  return isSandbox() ? sandboxDccRates : null;
}
