import { checkCardExclusions, dccQuote, exclusionMessage, surchargeFor, type DccQuote } from '@/lib/payments/card-rules';
import type { CardFacts } from '@/lib/payments/processor';
import type { PayableCheckout } from './load-payable-checkout';

export type CardQuote =
  | { accepted: false; message: string; card: CardFacts }
  | { accepted: true; card: CardFacts; surcharge: number; surchargeClass: string | null; total: number; dcc: DccQuote | null };

/**
 * What paying this checkout with this card means, before anything is charged:
 * refused by the link's exclusions, or the surcharge, total and currency offer.
 * The page shows it; the payment recomputes it on the server.
 */
export function quoteCard({ link, settings }: PayableCheckout, card: CardFacts): CardQuote {
  const check = checkCardExclusions({
    card, organisationCountry: settings.country,
    excludedTypes: link.options.excluded_card_types, excludedRegions: link.options.excluded_card_regions,
  });
  if (!check.allowed) return { accepted: false, message: exclusionMessage(check), card };
  const surcharge = surchargeFor({
    amount: link.amount, card, organisationCountry: settings.country, rates: settings.surcharge,
    enabled: link.options.surcharging_enabled && settings.surcharge.enabled,
  });
  const total = link.amount + surcharge.surcharge;
  const dcc = link.options.dcc_enabled && settings.dcc_enabled ? dccQuote({ amount: total, linkCurrency: link.currency, cardCountry: card.issuingCountry }) : null;
  return { accepted: true, card, surcharge: surcharge.surcharge, surchargeClass: surcharge.class, total, dcc };
}
