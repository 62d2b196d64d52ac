import { isSandbox } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { processorFor, ProcessorError, ProcessorOutcomeUnknown, type CardFacts } from '@/lib/payments/processor';
import { sandboxCardByBin, sandboxCardFacts } from '@/lib/payments/processor/sandbox/sandbox-cards';
import { collectionCharge } from '../groups/collection-charge';
import { quoteCard } from '../payments/card-quote';
import { payableSelection } from '../payments/member-coverage';
import { cardCheckFromQuote, type CardCheck } from './card-check';

/**
 * What the card page sends to learn a card's facts before the customer pays:
 *   - sandbox: the first 8 digits (the BIN) and the last four, never more;
 *   - production: adyen-web's encryptedCardNumber (Adyen's /cardDetails reads it),
 *     with the issuerBin and endDigits adyen-web gives the page.
 */
export type CardLookup =
  | { kind: 'bin'; bin: string; lastFour?: string }
  | { kind: 'adyen_encrypted'; encryptedCardNumber: string; bin?: string; lastFour?: string };

/**
 * The hosted pages' entry for "the card is known": its facts and what the
 * link's rules make of them (quoteCard, which payByCard enforces again). A link
 * that cannot be paid any more answers `unavailable`; a lookup the processor
 * cannot answer is `unknown`, and the payment decides. A group member's
 * several instalments (`coveredLinkIds`) are quoted on their total, and what
 * automatic collection would charge this card for each instalment left.
 */
export async function hostedCardCheck(checkoutId: string, lookup: CardLookup, coveredLinkIds: readonly string[] = []): Promise<CardCheck> {
  const db = await getDb();
  let checkout;
  try {
    checkout = await payableSelection(db, checkoutId, coveredLinkIds);
  } catch (error) {
    if (error instanceof AppError) return { status: 'unavailable' };
    throw error;
  }
  if (!checkout.link.cardEnabled) return { status: 'unavailable' };
  let facts: CardFacts | null;
  try {
    facts = await lookupFacts(db, lookup);
  } catch (error) {
    if (error instanceof ProcessorError || error instanceof ProcessorOutcomeUnknown) return { status: 'unknown' };
    throw error;
  }
  const check = cardCheckFromQuote(quoteCard(checkout, facts), checkout.link.currency);
  const remaining = checkout.choice?.collect ?? [];
  if (check.status !== 'accepted' || remaining.length === 0) return check;
  // The opt-in to automatic collection shows what each instalment will cost on this card (issue 16 item 13).
  return { ...check, collections: remaining.map((i) => collectionCharge(i.amount, facts, checkout).amount) };
}

async function lookupFacts(db: Db, lookup: CardLookup): Promise<CardFacts | null> {
  if (lookup.kind === 'bin') {
    // The sandbox issuer's own table; in production a BIN alone is never looked up here.
    if (!isSandbox()) return null;
    const card = sandboxCardByBin(lookup.bin);
    return card ? sandboxCardFacts(card, { lastFour: lookup.lastFour ?? '' }) : null;
  }
  if (isSandbox()) return null;
  return processorFor(db).lookupCard({
    kind: 'adyen_encrypted', holderName: '',
    fields: { encryptedCardNumber: lookup.encryptedCardNumber, bin: lookup.bin ?? '', lastFour: lookup.lastFour ?? '' },
  });
}
