/**
 * Country lists behind the card rules (ISO 3166-1 alpha-2), written once so
 * that regions, surcharges and DCC agree on what "Europe" means.
 */

/** The 27 EU member states. */
const euCountries = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

/** EEA: the EU plus Iceland, Liechtenstein and Norway. */
const eeaCountries = new Set<string>([...euCountries, 'IS', 'LI', 'NO']);

/**
 * Where the euro is the currency: the 21 euro-area members (Bulgaria since
 * 1 January 2026) and the microstates that issue euro cards under a monetary
 * agreement with the EU (Andorra, Monaco, San Marino, Vatican City).
 */
const euroCountries = new Set<string>([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
  'AD',
  'MC',
  'SM',
  'VA',
]);

export const normaliseCountry = (country: string) => country.trim().toUpperCase();

/** UK or EEA: where consumer-card surcharges are banned (so never applied). Switzerland is neither. */
export function isUkOrEea(country: string): boolean {
  const code = normaliseCountry(country);
  return code === 'GB' || eeaCountries.has(code);
}

/** The product's "European region" for card regions: EEA, UK and Switzerland. */
export function isEuropeanRegion(country: string): boolean {
  const code = normaliseCountry(country);
  return code === 'CH' || isUkOrEea(code);
}

/** The ISO currency a card issued in `country` is denominated in, when it is one we settle (GBP, USD, EUR). */
export function homeCurrencyOf(country: string): 'GBP' | 'USD' | 'EUR' | null {
  const code = normaliseCountry(country);
  if (code === 'GB') return 'GBP';
  if (code === 'US') return 'USD';
  return euroCountries.has(code) ? 'EUR' : null;
}
