/**
 * Money is an integer of minor units everywhere. Our currency codes (GBX, USX,
 * EUX) name the minor unit; processors and Intl want ISO codes.
 */
import type { CurrencyCode } from '@/lib/core/enums';

const isoByCode: Record<CurrencyCode, string> = { GBX: 'GBP', USX: 'USD', EUX: 'EUR' };
const codeByIso: Record<string, CurrencyCode> = { GBP: 'GBX', USD: 'USX', EUR: 'EUX' };

export function isoCurrency(code: string): string {
  const iso = isoByCode[code as CurrencyCode];
  if (!iso) throw new Error(`unknown currency code ${code}`);
  return iso;
}

export function currencyCodeFromIso(iso: string): CurrencyCode | undefined {
  return codeByIso[iso.toUpperCase()];
}

/** Languages written right to left (lib/i18n/routing.ts has the site's list; this module stays free of it). */
const rightToLeft = /^(?:ar|fa|he|ur)(?:-|$)/i;

/**
 * Formats minor units for people: GBX 12345 is £123.45 (en-GB). In a
 * right-to-left language the currency symbol is isolated left to right
 * (U+2066 … U+2069): Arabic's "UK£" would otherwise show as "£UK", its
 * pound sign taking the paragraph's direction.
 */
/** Intl formatters are costly to build (a large share of a page's render) and immutable: one per locale and currency. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format;
}

export function formatMoney(amount: number, code: string, locale = 'en-GB'): string {
  const format = moneyFormat(locale, isoCurrency(code));
  if (!rightToLeft.test(locale)) return format.format(amount / 100);
  return format
    .formatToParts(amount / 100)
    .map((part) => (part.type === 'currency' ? `\u2066${part.value}\u2069` : part.value))
    .join('');
}

/** Rate of a basis-point percentage of an amount, half rounded up (150 bps of 1001 = 16). */
export function percentOf(amount: number, basisPoints: number): number {
  return Math.floor((amount * basisPoints + 5000) / 10000);
}

/** Splits an amount in proportion to weights without losing a penny (largest remainder). */
export function splitByWeights(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) throw new Error('weights must sum to more than zero');
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, p) => sum + p, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}
