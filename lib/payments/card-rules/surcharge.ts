import { percentOf } from '@/lib/money';
import type { CardFacts } from '@/lib/payments/processor/port';
import { isUkOrEea } from './countries';

export type SurchargeRates = { commercial_rate_bps: number; international_rate_bps: number };
export type SurchargeClass = 'commercial' | 'international';
export type Surcharge = { surcharge: number; class: SurchargeClass | null; rate_bps: number };

export const defaultSurchargeRates: SurchargeRates = { commercial_rate_bps: 150, international_rate_bps: 250 };

const none: Surcharge = { surcharge: 0, class: null, rate_bps: 0 };

/**
 * The surcharge a card carries (product.md section 4), in integer minor units,
 * half rounded up. Commercial cards carry the commercial rate; consumer cards
 * issued outside the UK and EEA carry the international rate; consumer cards
 * issued in the UK or EEA never carry one (surcharging them is unlawful there).
 * Switzerland is outside the EEA, so a Swiss consumer card is international
 * here even though its card region is INTRA.
 *
 * A commercial card issued outside the UK and EEA belongs to both classes: it
 * takes the higher of the two rates (the commercial class on a tie). The
 * surcharge is there to recover what the card costs the merchant, and such a
 * card costs at least as much as either class alone; taking the higher never
 * under-recovers, and taking one rate rather than their sum never charges the
 * customer twice for the same card.
 *
 * The organisation's country plays no part: the UK/EEA rule is about where
 * the card was issued, not where the merchant is.
 */
export function surchargeFor(input: {
  amount: number;
  card: Pick<CardFacts, 'cardClass' | 'issuingCountry'>;
  organisationCountry?: string;
  rates: SurchargeRates;
  enabled: boolean;
}): Surcharge {
  const { amount, card, rates, enabled } = input;
  if (!enabled) return none;
  const commercial = card.cardClass === 'commercial';
  const international = !isUkOrEea(card.issuingCountry);
  if (!commercial && !international) return none;
  const cls: SurchargeClass =
    commercial && (!international || rates.commercial_rate_bps >= rates.international_rate_bps)
      ? 'commercial'
      : 'international';
  const rate = cls === 'commercial' ? rates.commercial_rate_bps : rates.international_rate_bps;
  return { surcharge: percentOf(amount, rate), class: cls, rate_bps: rate };
}
