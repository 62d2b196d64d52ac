import type { CardBrand, CardFacts } from '@/lib/payments/processor/port';
import { cardRegion, cardRegions, type CardRegion } from './card-region';

export const cardBrands: readonly CardBrand[] = ['VISA', 'MASTER', 'AMEX'];

export type ExclusionCheck =
  | { allowed: true; region: CardRegion }
  | { allowed: false; reason: 'type'; excluded: CardBrand; accepted: CardBrand[]; region: CardRegion }
  | {
      allowed: false;
      reason: 'region';
      excluded: CardRegion;
      accepted: CardRegion[];
      region: CardRegion;
      /** The country DOMESTIC is relative to, for "cards issued in GB" in the message. */
      organisationCountry: string;
    };

/**
 * Refuses a card whose brand or region the link excludes, before any
 * authorisation (product.md section 4). The refusal carries what is refused and
 * what is still accepted, so the page and the API can both say so in words.
 * The brand is checked first: it is what the customer can most easily change.
 */
export function checkCardExclusions(input: {
  card: Pick<CardFacts, 'brand' | 'issuingCountry'>;
  organisationCountry: string;
  excludedTypes: readonly CardBrand[];
  excludedRegions: readonly CardRegion[];
}): ExclusionCheck {
  const { card, organisationCountry, excludedTypes, excludedRegions } = input;
  const region = cardRegion(card.issuingCountry, organisationCountry);
  if (excludedTypes.includes(card.brand)) {
    return {
      allowed: false,
      reason: 'type',
      excluded: card.brand,
      accepted: cardBrands.filter((b) => !excludedTypes.includes(b)),
      region,
    };
  }
  if (excludedRegions.includes(region)) {
    return {
      allowed: false,
      reason: 'region',
      excluded: region,
      accepted: cardRegions.filter((r) => !excludedRegions.includes(r)),
      region,
      organisationCountry: organisationCountry.toUpperCase(),
    };
  }
  return { allowed: true, region };
}
