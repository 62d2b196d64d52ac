import {
  checkCardExclusions,
  dccQuote,
  exclusionMessage,
  surchargeFor,
  type DccQuote,
  type ExclusionCheck,
} from '@/lib/payments/card-rules';
import type { CardFacts } from '@/lib/payments/processor';
import type { PayableCheckout } from './load-payable-checkout';
import { dccRates } from './dcc-rates';
import { cardUnverified } from './payment-errors';

export type CardQuote =
  | {
      accepted: false;
      message: string;
      card: CardFacts | null;
      reason: 'card_excluded' | 'card_unverified';
      /** What is refused and what is accepted, for pages that say it in the customer's language. */
      exclusion?: Exclude<ExclusionCheck, { allowed: true }>;
    }
  | {
      accepted: true;
      card: CardFacts | null;
      surcharge: number;
      surchargeClass: string | null;
      total: number;
      dcc: DccQuote | null;
    };

/** True when the facts the card rules read (brand, issuing country) are known. */
const verified = (card: CardFacts | null): card is CardFacts => Boolean(card?.brand && card.issuingCountry);

/**
 * What paying this checkout with this card means, before anything is charged:
 * refused by the link's exclusions, or the surcharge, total and currency offer.
 * The page shows it; the payment recomputes it on the server.
 *
 * Fail closed: a card whose brand or issuing country cannot be established
 * (`card` null, or facts without them) is refused when any rule of the link
 * needs them — excluded brands or regions, surcharging, DCC — rather than
 * taken unchecked. A link with none of those rules takes it as it is.
 */
export function quoteCard(checkout: PayableCheckout, card: CardFacts | null): CardQuote {
  const { link, settings } = checkout;
  const { surcharging, rates } = activeRules(checkout);
  if (!verified(card)) {
    if (cardRulesNeedFacts(checkout))
      return { accepted: false, message: cardUnverified(), card, reason: 'card_unverified' };
    return { accepted: true, card, surcharge: 0, surchargeClass: null, total: link.amount, dcc: null };
  }
  const check = checkCardExclusions({
    card,
    organisationCountry: settings.country,
    excludedTypes: link.options.excluded_card_types,
    excludedRegions: link.options.excluded_card_regions,
  });
  if (!check.allowed)
    return { accepted: false, message: exclusionMessage(check), card, reason: 'card_excluded', exclusion: check };
  const surcharge = surchargeFor({
    amount: link.amount,
    card,
    organisationCountry: settings.country,
    rates: settings.surcharge,
    enabled: surcharging,
  });
  const total = link.amount + surcharge.surcharge;
  const dcc = rates
    ? dccQuote({ amount: total, linkCurrency: link.currency, cardCountry: card.issuingCountry, rates })
    : null;
  return { accepted: true, card, surcharge: surcharge.surcharge, surchargeClass: surcharge.class, total, dcc };
}

/** Surcharging when the link and the organisation allow it; DCC rates when both allow DCC and a rate source exists (dcc-rates.ts). */
/** What the rules read of a checkout: its options and its organisation's settings (the hosted page has both). */
type RulesOf = { link: Pick<PayableCheckout['link'], 'options'>; settings: PayableCheckout['settings'] };

function activeRules({ link, settings }: RulesOf) {
  const surcharging = link.options.surcharging_enabled && settings.surcharge.enabled;
  const rates = link.options.dcc_enabled && settings.dcc_enabled ? dccRates() : null;
  return { surcharging, rates };
}

/** True when a rule of the checkout needs the card's brand or issuing country: excluded brands or regions, surcharging, DCC. */
export function cardRulesNeedFacts(checkout: RulesOf): boolean {
  const { link } = checkout;
  const { surcharging, rates } = activeRules(checkout);
  return (
    link.options.excluded_card_types.length > 0 ||
    link.options.excluded_card_regions.length > 0 ||
    surcharging ||
    rates !== null
  );
}
