import { eq } from 'drizzle-orm';
import { transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { isUuid } from '../shared/is-uuid';

/**
 * A payment's short reference (transactions.short_reference, computed by the database from the
 * payment's number: lib/db/schema/transactions.ts): 8 characters of this alphabet, which has no
 * 0/O or 1/I, so it survives being read out on the phone or copied from paper.
 */
export const SHORT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const SHORT_REFERENCE_LENGTH = 8;

const shape = new RegExp(`^[${SHORT_REFERENCE_ALPHABET}]{${SHORT_REFERENCE_LENGTH}}$`);

/**
 * What someone typed, as the stored form, or null when it cannot be one: case, spaces and dashes
 * do not matter ("abcd-efgh", "ABCD EFGH"), and the letters O and I read as the digits they are
 * mistaken for are not in the alphabet, so they are refused rather than guessed.
 */
export function normaliseShortReference(typed: string): string | null {
  const compact = typed.replace(/[\s-]+/g, '').toUpperCase();
  return shape.test(compact) ? compact : null;
}

/** How pages and emails show it: two groups of four ("7K3M-QX9D"), easier to read out than eight in a row. */
export const formatShortReference = (reference: string) => `${reference.slice(0, 4)}-${reference.slice(4)}`;

/** The short reference of a payment (for the receipt email and any page that has only the id); null if unknown. */
export async function shortReferenceOf(db: Executor, transactionId: string): Promise<string | null> {
  if (!isUuid(transactionId)) return null;
  const [row] = await db
    .select({ reference: transactions.shortReference })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row?.reference ?? null;
}
