import { cardDigits, isExpired, passesLuhn } from './processor/sandbox/card-number';
import { sandboxCardByNumber } from './processor/sandbox/sandbox-cards';

/**
 * What the card fields check as the customer types (pure; runs in the browser
 * and again in the server action). The server's card rules and the processor
 * decide for real: this only catches typing mistakes early.
 */
export type CardBrandGuess = 'VISA' | 'MASTER' | 'AMEX' | null;

export function detectBrand(number: string): CardBrandGuess {
  const digits = number.replace(/[\s-]+/g, '');
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MASTER';
  if (/^3[47]/.test(digits)) return 'AMEX';
  return null;
}

export type CardEntryError = 'number' | 'expiry' | 'cvc' | 'name';

/**
 * A complete number the fields take: one that passes Luhn, or a number of the
 * sandbox's test-card table, which the sandbox issuer takes as that card even
 * when it fails Luhn (evaluateCard). 4000 0300 0000 0006 (approved while
 * present, declined as a stored card) does: refused here, its card check was
 * never asked and the Pay button never enabled. These plain fields exist only
 * in the sandbox (production posts Adyen's encrypted fields).
 */
export function isCardNumberTaken(digits: string | null): digits is string {
  return digits !== null && (passesLuhn(digits) || sandboxCardByNumber(digits) !== undefined);
}

/** MM/YY or MM/YYYY into a month and a four-digit year; null when it is no date. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The fields the customer got wrong, in the order the form shows them. */
export function cardEntryErrors(
  input: { number: string; expiry: string; cvc: string; name: string },
  today: Date,
): CardEntryError[] {
  const errors: CardEntryError[] = [];
  const digits = cardDigits(input.number);
  if (!isCardNumberTaken(digits)) errors.push('number');
  const expiry = parseExpiry(input.expiry);
  if (!expiry || isExpired(expiry.month, expiry.year, today)) errors.push('expiry');
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.push('cvc');
  if (!input.name.trim()) errors.push('name');
  return errors;
}

/**
 * What the card page may send to learn a typed card's facts: its BIN (first 8
 * digits) and last four, once the whole number is there and taken (isCardNumberTaken);
 * null before. Never the full number: the lookup needs no more.
 */
export function cardLookupOf(number: string): { bin: string; lastFour: string } | null {
  const digits = cardDigits(number);
  if (!isCardNumberTaken(digits)) return null;
  return { bin: digits.slice(0, 8), lastFour: digits.slice(-4) };
}
