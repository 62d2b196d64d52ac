import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { CARD_TESTING_REASON, type CardTestingRefusal } from './card-testing-refusal';
import {
  CARD_TESTING_PAUSE_MINUTES,
  cardTestingTrip,
  type CardKey,
  type CardTestingSubject,
} from './card-testing-window';
import type { PayableCheckout } from './load-payable-checkout';

export { CARD_TESTING_REASON };
export {
  CARD_TESTING_LIMITS,
  CARD_TESTING_PAUSE_MINUTES,
  CARD_TESTING_WINDOW_MINUTES,
  cardKeyOf,
} from './card-testing-window';

/*
 * Card testing (issue 7, item 9; issue 16, item 1): failed card attempts and card checks are
 * counted per link, IP address, card (BIN + last four), group, booking and organisation
 * (limits in card-testing-window.ts). Once a scope reaches its limit within 10 minutes, card
 * attempts in it are refused for 15 minutes (from the attempt that reached it), recorded as
 * REJECTED with reason `card_testing`, never sent to the processor, and card checks answer
 * without asking it. Attempts refused by this rule do not count themselves, so the pause ends
 * 15 minutes after the last real failure.
 */
/** The per-link and per-IP failure limit (the others: CARD_TESTING_LIMITS). */
export const CARD_TESTING_LIMIT = 5;

/** The one message a refused customer sees (the page may translate it from the reason). */
export const cardTestingMessage = (until: Date) =>
  `Too many card payments were declined. For your security, card payments are paused until ${until.toISOString().slice(11, 16)} UTC; please try again then or pay another way.`;

export const cardTestingRefused = (until: Date) => new AppError('checkout.card_testing', cardTestingMessage(until));

/** When the pause ends for this link, IP and card (every scope they belong to), or null when there is none. */
export async function cardTestingPauseUntil(
  db: Executor,
  linkId: string,
  ipAddress: string | null,
  card: CardKey | null = null,
): Promise<Date | null> {
  const trip = await cardTestingTrip(db, { linkId, ipAddress, card });
  if (!trip) return null;
  const until = new Date(trip.at.getTime() + CARD_TESTING_PAUSE_MINUTES * 60_000);
  return until.getTime() > now().getTime() ? until : null;
}

/**
 * Called from payByCard before the processor sees the card (not even its
 * lookup): when a scope of the attempt is paused, records the attempt as REJECTED
 * (reason card_testing) and answers the refusal.
 */
export async function refuseCardTesting(
  db: Executor,
  checkout: PayableCheckout,
  input: { ipAddress?: string | null; holderName?: string | null; transactionMethod?: string; card?: CardKey | null },
) {
  const until = await cardTestingPauseUntil(db, checkout.link.id, input.ipAddress ?? null, input.card ?? null);
  if (!until) return null;
  const { link } = checkout;
  const [row] = await db
    .insert(transactions)
    .values({
      organisationId: link.organisationId,
      bookingId: link.bookingId,
      paymentLinkId: link.id,
      amount: link.amount,
      currency: link.currency,
      status: 'REJECTED',
      type: 'CARD',
      method: input.transactionMethod ?? 'ONLINE',
      // The card is not looked up (that would ask the processor): only the name typed is kept.
      failureReason: CARD_TESTING_REASON,
      cardholderName: input.holderName ?? null,
      ipAddress: input.ipAddress ?? null,
    })
    .returning({ id: transactions.id });
  const refusal: CardTestingRefusal = {
    outcome: 'rejected',
    transactionId: row!.id,
    message: cardTestingMessage(until),
    reason: CARD_TESTING_REASON,
    retryAt: until,
  };
  return refusal;
}

/**
 * The same check inside the transaction that opens a card attempt (start-transaction.ts),
 * after the link row is locked: attempts on one link serialise on that lock; attempts of one
 * organisation (its groups, bookings and cards), then from one IP, on advisory locks, always
 * taken in that order, so the second of two racing attempts at a limit sees the first
 * one's PAYMENTINPROGRESS row and is refused before the processor.
 */
export async function holdCardTestingLimit(
  tx: Executor,
  subject: CardTestingSubject & { organisationId: string },
): Promise<void> {
  const keys = [`card-testing:org:${subject.organisationId}`];
  if (subject.ipAddress) keys.push(`card-testing:ip:${subject.ipAddress}`);
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const until = await cardTestingPauseUntil(tx, subject.linkId, subject.ipAddress, subject.card);
  if (until) throw cardTestingRefused(until);
}
