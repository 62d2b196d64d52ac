import { currencyCodeFromIso, isoCurrency } from '@/lib/money';
import type { CurrencyCode } from '@/lib/core/enums';
import { homeCurrencyOf } from './countries';

export type DccCurrency = 'GBP' | 'USD' | 'EUR';
/** Mid-market value of one pound in each currency. */
export type MidRates = Record<DccCurrency, number>;

/**
 * Sandbox mid-market rates, fixed so that quotes are reproducible:
 *   1 GBP = 1.17 EUR = 1.27 USD.
 * Every other pair is derived from these two through the pound, so the rates
 * are consistent both ways and across pairs (EUR->GBP is 1/1.17 = 0.854701,
 * USD->GBP is 1/1.27 = 0.787402, EUR->USD is 1.27/1.17 = 1.085470,
 * USD->EUR is 1.17/1.27 = 0.921260; all to 6 decimal places).
 */
export const sandboxMidRates: MidRates = { GBP: 1, EUR: 1.17, USD: 1.27 };

/**
 * The rates a quote is made from, and where they came from. A quote is only
 * ever made from rates a caller names: there is no default, so no code path can
 * show the sandbox's invented rates to a real card (issue 15, defect 4). Only
 * `sandbox` exists so far; a production source (an acquirer's quote, such as
 * Adyen's ForexQuote) would be another `source` with its own expiry.
 */
export type DccRates = { source: 'sandbox'; mid: MidRates };

export const sandboxDccRates: DccRates = { source: 'sandbox', mid: sandboxMidRates };

/** Disclosed to the customer with every quote (3%). */
export const defaultDccMarkupBps = 300;

export type DccQuote = {
  /** Our code of the card's currency (GBX, USX, EUX). */
  cardCurrency: CurrencyCode;
  /** What one major unit of the link's currency costs in the card's, mark-up included (6 decimals). */
  rate: number;
  markup_bps: number;
  /** The amount in the card's currency, minor units, half rounded up. */
  converted_amount: number;
  /** The rate before mark-up (6 decimals). */
  mid_rate: number;
  /** Where the mid rate came from: `sandbox` rates are made up and the page says so. */
  source: DccRates['source'];
};

const MICROS = 1_000_000;

/**
 * Offers the customer their own currency (product.md section 4) when the card's
 * home currency, from its issuing country, is GBP, USD or EUR and differs from
 * the link's; null otherwise. Rates are held in millionths so that the
 * converted amount is exactly `amount x rate` as shown, rounded half up.
 */
export function dccQuote(input: {
  amount: number;
  linkCurrency: string;
  cardCountry: string;
  rates: DccRates;
  markupBps?: number;
}): DccQuote | null {
  const linkIso = isoCurrency(input.linkCurrency) as DccCurrency;
  const cardIso = homeCurrencyOf(input.cardCountry);
  if (!cardIso || cardIso === linkIso) return null;
  const rates = input.rates.mid;
  const markupBps = input.markupBps ?? defaultDccMarkupBps;
  const midMicros = Math.round((rates[cardIso] / rates[linkIso]) * MICROS);
  // The mark-up is applied to the rounded mid rate, so mid_rate x (1 + mark-up) is what the customer sees.
  const rateMicros = Number((BigInt(midMicros) * BigInt(10_000 + markupBps) + 5_000n) / 10_000n);
  // BigInt: amount x rate in millionths can pass 2^53 for large amounts.
  const converted = Number((BigInt(input.amount) * BigInt(rateMicros) + BigInt(MICROS / 2)) / BigInt(MICROS));
  return {
    cardCurrency: currencyCodeFromIso(cardIso)!,
    rate: rateMicros / MICROS,
    markup_bps: markupBps,
    converted_amount: converted,
    mid_rate: midMicros / MICROS,
    source: input.rates.source,
  };
}
