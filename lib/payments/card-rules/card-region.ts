import { isEuropeanRegion, normaliseCountry } from './countries';

export type CardRegion = 'DOMESTIC' | 'INTRA' | 'INTER';
export const cardRegions: readonly CardRegion[] = ['DOMESTIC', 'INTRA', 'INTER'];

/**
 * Where a card comes from, relative to the organisation (product.md section 4):
 * DOMESTIC the same country; INTRA another country of the European region
 * (EEA, UK, Switzerland); INTER anywhere else. Read as the spec words it: a
 * European card is INTRA whatever the organisation's own country, so an
 * organisation outside Europe still sees French cards as INTRA.
 */
export function cardRegion(issuingCountry: string, organisationCountry: string): CardRegion {
  const card = normaliseCountry(issuingCountry);
  if (card === normaliseCountry(organisationCountry)) return 'DOMESTIC';
  return isEuropeanRegion(card) ? 'INTRA' : 'INTER';
}
