import { z } from 'zod';

/*
 * An amount as staff type it: in the currency's main unit ("120", "120.50", "120,50": a comma is the decimal
 * mark in most of the back office's languages), turned into integer minor units as the core takes money.
 * Spaces are ignored; a comma or point as a thousands separator is refused rather than guessed ("1,234").
 */
const amountPattern = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

export function parseAmount(text: string): number | null {
  const match = amountPattern.exec(text.replace(/\s/g, ''));
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** The form field: a positive amount in minor units, or zod's failure (the action answers validation.failed). */
export const amountField = z.string().transform((text, context) => {
  const minor = parseAmount(text);
  if (minor === null) context.addIssue({ code: 'custom', message: 'not an amount' });
  return minor ?? 0;
});

/** Minor units back into the field's text ("120.50"), for a field filled in advance. */
export const amountText = (minor: number) => (minor / 100).toFixed(2);
