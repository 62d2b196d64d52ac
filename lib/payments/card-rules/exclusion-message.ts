import type { CardBrand } from '@/lib/payments/processor/port';
import type { CardRegion } from './card-region';
import type { ExclusionCheck } from './card-exclusions';

/** How people name the brands; pages with a locale use their own catalogue, the API uses these. */
export const cardBrandLabels: Record<CardBrand, string> = {
  VISA: 'Visa',
  MASTER: 'Mastercard',
  AMEX: 'American Express',
};

/**
 * A stored brand as people name it (VISA: "Visa"), for every page that shows a payment's card: an enum
 * name never reaches a customer. A brand outside the product's three (a processor's own name) reads
 * as given, only no longer in capitals; none at all is an empty string.
 */
export function cardBrandName(brand: string | null | undefined): string {
  if (!brand) return '';
  if (Object.hasOwn(cardBrandLabels, brand)) return cardBrandLabels[brand as CardBrand];
  return brand.charAt(0).toUpperCase() + brand.slice(1).toLowerCase();
}

export function cardRegionLabel(region: CardRegion, organisationCountry: string): string {
  if (region === 'DOMESTIC') return `cards issued in ${organisationCountry}`;
  if (region === 'INTRA') return 'cards issued elsewhere in the UK, EEA or Switzerland';
  return 'cards issued outside the UK, EEA and Switzerland';
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The English message for a refused card: what is not accepted, then what is,
 * e.g. "American Express cards are not accepted. Accepted: Visa, Mastercard".
 */
export function exclusionMessage(check: Exclude<ExclusionCheck, { allowed: true }>): string {
  if (check.reason === 'type') {
    const accepted = check.accepted.map((b) => cardBrandLabels[b]).join(', ');
    return `${cardBrandLabels[check.excluded]} cards are not accepted. ${accepted ? `Accepted: ${accepted}` : 'No card is accepted; please choose another payment method'}`;
  }
  const label = (region: CardRegion) => cardRegionLabel(region, check.organisationCountry);
  const accepted = check.accepted.map(label).join(', ');
  return `${capitalise(label(check.excluded))} are not accepted. ${accepted ? `Accepted: ${accepted}` : 'No card is accepted; please choose another payment method'}`;
}
