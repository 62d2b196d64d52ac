import { createHash } from 'node:crypto';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { isoCurrency } from '@/lib/money';
import {
  processorFor,
  ProcessorError,
  ProcessorOutcomeUnknown,
  type CardFacts,
  type CardVerification,
  type PaymentMethodInput,
} from '@/lib/payments/processor';
import type { CardExclusion } from '../hosted-checkout/card-check';
import { recordCardCheck } from '../payments/card-check-record';
import { quoteCard } from '../payments/card-quote';
import { cardTestingPauseUntil, cardKeyOf } from '../payments/card-testing';
import { isUuid } from '../shared/is-uuid';
import { collectionCharge, loadSurchargeRules } from './collection-charge';
import { applyReplacementCard, type ReplacementTarget } from './member-card-apply';
import { liveMemberOfLink } from './live-member-of-link';
import { loadMemberLinks } from './member-link-states';
import { originOf } from '../payments/return-origin';

/*
 * A member replaces the card their instalments are collected from, paying nothing (issue 17 item 15; docs/groups.md,
 * "Replacing the stored card"). The member's link is their bearer capability, as for paying. The card goes through
 * the link's card rules (exclusions; a card whose facts the rules need but cannot be read is refused), then the
 * processor verifies and stores it with no money moving (port.ts verifyAndStoreCard: a zero-value authorisation),
 * 3-D Secure first when the issuer asks, and applyReplacementCard makes it the member's. No transaction is recorded:
 * a verification is no payment and never counts as paid.
 *
 * Each attempt is named by a nonce the page's form carries: the verification's reference and idempotency key are
 * derived from the member and that nonce (verificationKey), so a double submit asks the processor once and is answered
 * the same, and the 3-D Secure return finds the verification by the nonce in its address, bound to this member.
 */

export type CardReplaceOutcome =
  | { result: 'card_replaced'; brand: CardFacts['brand']; lastFour: string }
  | { result: 'challenge'; redirectUrl: string }
  | { result: 'declined'; reason: string }
  | { result: 'excluded'; exclusion?: CardExclusion }
  /**
   * The card adds a surcharge to the remaining collections that the member has not accepted (`acceptedSurcharge`):
   * nothing is stored; they are shown `surcharge` (over all the collections) and `total` (the collections with it) and
   * post the card again with `acceptedSurcharge` equal to `surcharge` to accept it.
   */
  | { result: 'confirm_surcharge'; surcharge: number; total: number }
  /** Too many card attempts on this link, IP, card, group, booking or organisation (card-testing.ts): paused. */
  | { result: 'card_testing' }
  /** The member is gone, or collects nothing automatically (off, or no instalment left to collect). */
  | { result: 'not_found' | 'not_collecting' }
  /** The processor failed (technically): nothing was stored; the member may try again. */
  | { result: 'failed' };

/** The verification's reference and idempotency key: not a uuid (no payment of ours), at most 43 characters. */
export const verificationKey = (memberId: string, nonce: string) =>
  `cv-${createHash('sha256').update(`${memberId}:${nonce}`).digest('hex').slice(0, 40)}`;

/** `remaining`: the amounts of the instalments enableAutoCollect would collect (unpaid, with a due date). */
type Member = ReplacementTarget & { currency: string; remaining: number[] };

/** The live member of a live link, collected automatically, with an instalment still to collect; else why not. */
async function memberToReplace(db: Db, linkId: string): Promise<Member | 'not_found' | 'not_collecting'> {
  const row = await liveMemberOfLink(db, linkId);
  if (!row) return 'not_found';
  // The instalments enableAutoCollect would collect: unpaid, with a due date. The first one's rules price them.
  const remaining = (await loadMemberLinks(db, row.memberId)).filter((l) => l.state === 'unpaid' && l.dueAt);
  if (!row.autoCollect || !remaining[0]) return 'not_collecting';
  return { ...row, rulesLinkId: remaining[0].id, remaining: remaining.map((l) => l.amount) };
}

/**
 * The link's card rules for this card, as the collections will apply them: null when the card may be stored as it
 * stands; else the refusal (an exclusion, or facts not readable), or the surcharge it would add to the remaining
 * collections (collectionCharge, as enableAutoCollect writes them) when the member has not accepted that very sum.
 */
async function judged(
  db: Db,
  member: Member,
  card: CardFacts | null,
  acceptedSurcharge: number | null,
): Promise<CardReplaceOutcome | null> {
  const rules = await loadSurchargeRules(db, member.rulesLinkId);
  if (!rules) return { result: 'not_found' };
  const quote = quoteCard(rules, card);
  if (!quote.accepted) return { result: 'excluded', ...(quote.exclusion ? { exclusion: quote.exclusion } : {}) };
  const charges = member.remaining.map((amount) => collectionCharge(amount, card, rules));
  const surcharge = charges.reduce((sum, c) => sum + c.surcharge, 0);
  // Consent: a surcharge is never put on a member's collections before they have seen it (docs/groups.md).
  if (surcharge === 0 || surcharge === acceptedSurcharge) return null;
  return { result: 'confirm_surcharge', surcharge, total: charges.reduce((sum, c) => sum + c.amount, 0) };
}

export async function replaceMemberCard(
  db: Db,
  input: {
    linkId: string;
    nonce: string;
    method: PaymentMethodInput;
    returnUrl: string;
    ipAddress?: string | null;
    /** The collections' surcharge the member was shown and accepts (confirm_surcharge), if any. */
    acceptedSurcharge?: number | null;
  },
): Promise<CardReplaceOutcome> {
  const member = await memberToReplace(db, input.linkId);
  if (typeof member === 'string') return { result: member };
  if (!isUuid(input.nonce)) return { result: 'failed' };
  // A verification tells whether a card is good, as a payment does: card testing's limits hold here too. Each attempt
  // counts as a card check of the member's link (20 a link, 10 a card, 20 an IP in 10 minutes, and the group's,
  // booking's and organisation's), and a paused scope refuses before the processor sees the card.
  const linkId = input.linkId.toLowerCase();
  const ipAddress = input.ipAddress ?? null;
  const cardKey = cardKeyOf(input.method);
  if (await cardTestingPauseUntil(db, linkId, ipAddress, cardKey)) return { result: 'card_testing' };
  await recordCardCheck(db, linkId, ipAddress, cardKey);
  const processor = processorFor(db);
  let facts: CardFacts | null;
  try {
    facts = await processor.lookupCard(input.method);
  } catch (error) {
    if (error instanceof ProcessorError || error instanceof ProcessorOutcomeUnknown) facts = null;
    else throw error;
  }
  // Before the processor verifies anything: a card the link refuses, or whose surcharge is not accepted, is never stored.
  const accepted = input.acceptedSurcharge ?? null;
  const refused = await judged(db, member, facts, accepted);
  if (refused) return refused;
  const key = verificationKey(member.memberId, input.nonce);
  return settle(db, member, accepted, () =>
    processor.verifyAndStoreCard({
      reference: key,
      idempotencyKey: key,
      currency: isoCurrency(member.currency),
      method: input.method,
      // The member's own consent to their instalments being collected on their due dates (stored-card-use.ts).
      storedCardUse: 'scheduled',
      returnUrl: input.returnUrl,
      shopper: { email: member.email, ip: input.ipAddress ?? null, origin: originOf(input.returnUrl) },
    }),
  );
}

/** Back from 3-D Secure with the processor's `redirectResult`: the verification of this member's nonce is finished. */
export async function finishMemberCardReplace(
  db: Db,
  input: { linkId: string; nonce: string; payload: Record<string, string>; acceptedSurcharge?: number | null },
): Promise<CardReplaceOutcome> {
  const member = await memberToReplace(db, input.linkId);
  if (typeof member === 'string') return { result: member };
  if (!isUuid(input.nonce)) return { result: 'failed' };
  const key = verificationKey(member.memberId, input.nonce);
  return settle(db, member, input.acceptedSurcharge ?? null, () =>
    processorFor(db).finishCardVerification({ reference: key, idempotencyKey: key, payload: input.payload }),
  );
}

async function settle(
  db: Db,
  member: Member,
  acceptedSurcharge: number | null,
  ask: () => Promise<CardVerification>,
): Promise<CardReplaceOutcome> {
  let verification: CardVerification;
  try {
    verification = await ask();
  } catch (error) {
    // Nothing is recorded of a verification, so an unclear answer is a failure to try again: no money can have moved.
    if (error instanceof ProcessorError || error instanceof ProcessorOutcomeUnknown) return { result: 'failed' };
    throw error;
  }
  if (verification.status === 'challenge') return { result: 'challenge', redirectUrl: verification.redirectUrl };
  if (verification.status === 'declined') return { result: 'declined', reason: verification.reason };
  // The verified card's own facts (the processor's, after authorisation) are held to the rules again: a surcharge they
  // show that was not accepted stores nothing here (the processor's token stays unused) and asks the member first.
  const refused = await judged(db, member, verification.card, acceptedSurcharge);
  if (refused) return refused;
  const applied = await applyReplacementCard(db, member, verification);
  if (applied === 'not_collecting') return { result: 'not_collecting' };
  return { result: 'card_replaced', brand: verification.card.brand, lastFour: verification.card.lastFour };
}

/** The page's entries (the app never imports lib/db). */
export async function hostedReplaceMemberCard(input: Parameters<typeof replaceMemberCard>[1]) {
  return replaceMemberCard(await getDb(), input);
}
export async function hostedFinishMemberCardReplace(input: Parameters<typeof finishMemberCardReplace>[1]) {
  return finishMemberCardReplace(await getDb(), input);
}
