import { isSandbox } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { processorFor, ProcessorError, ProcessorOutcomeUnknown, type CardFacts } from '@/lib/payments/processor';
import { sandboxCardByBin, sandboxCardFacts } from '@/lib/payments/processor/sandbox/sandbox-cards';
import { collectionCharge } from '../groups/collection-charge';
import { recordCardCheck } from '../payments/card-check-record';
import { quoteCard } from '../payments/card-quote';
import { cardTestingPauseUntil } from '../payments/card-testing';
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
export async function hostedCardCheck(
  checkoutId: string,
  lookup: CardLookup,
  coveredLinkIds: readonly string[] = [],
  ipAddress: string | null = null,
  /** The back office's virtual terminal (lib/core/terminal), having checked the staff member: its orders may be asked about. */
  { terminal = false }: { terminal?: boolean } = {},
): Promise<CardCheck> {
  const db = await getDb();
  let checkout;
  try {
    checkout = await payableSelection(db, checkoutId, coveredLinkIds);
  } catch (error) {
    if (error instanceof AppError) return { status: 'unavailable' };
    throw error;
  }
  // A terminal order is staff's alone: to a customer's page it does not exist; the terminal asks only of its own.
  if ((checkout.link.kind === 'terminal') !== terminal) return { status: 'unavailable' };
  if (!checkout.link.cardEnabled) return { status: 'unavailable' };
  // Card testing: a paused scope asks the processor nothing; the payment, if posted, is refused with the pause's message.
  if (!(await countCardCheck(db, checkout.link.id, lookup, ipAddress))) return { status: 'unknown' };
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

/**
 * Records a check that will ask for the card's facts (a /cardDetails call in production, the BIN table in the
 * sandbox), counted by the card-testing limits in the same window as failed payments; false, and nothing asked
 * or recorded, while a scope of the link, IP or card is paused. Not under a lock: a check takes no money, so two
 * racing at a limit cost at most one lookup more.
 */
async function countCardCheck(db: Db, linkId: string, lookup: CardLookup, ipAddress: string | null): Promise<boolean> {
  const asks = lookup.kind === 'bin' ? isSandbox() : !isSandbox();
  const card = lookup.bin && lookup.lastFour ? { bin: lookup.bin, lastFour: lookup.lastFour } : null;
  if (await cardTestingPauseUntil(db, linkId, ipAddress, card)) return false;
  if (!asks) return true;
  await recordCardCheck(db, linkId, ipAddress, card);
  return true;
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
    kind: 'adyen_encrypted',
    holderName: '',
    fields: { encryptedCardNumber: lookup.encryptedCardNumber, bin: lookup.bin ?? '', lastFour: lookup.lastFour ?? '' },
  });
}
