import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { queryRows } from '@/lib/db/query-rows';
import { AppError } from '@/lib/http/app-error';
import { CARD_TESTING_REASON, type CardTestingRefusal } from './card-testing-refusal';
import type { PayableCheckout } from './load-payable-checkout';

export { CARD_TESTING_REASON };

/*
 * Card testing (issue 7, item 9): after 5 declined or rejected card attempts on
 * one link, or from one IP address, within 10 minutes, further card attempts
 * are refused for 15 minutes (from the 5th), recorded as REJECTED with reason
 * `card_testing`, never sent to the processor. Attempts refused by this rule do
 * not count themselves, so the pause ends 15 minutes after the last real failure.
 */
export const CARD_TESTING_LIMIT = 5;
export const CARD_TESTING_WINDOW_MINUTES = 10;
export const CARD_TESTING_PAUSE_MINUTES = 15;

/** The one message a refused customer sees (the page may translate it from the reason). */
export const cardTestingMessage = (until: Date) =>
  `Too many card payments were declined. For your security, card payments are paused until ${until.toISOString().slice(11, 16)} UTC; please try again then or pay another way.`;

export const cardTestingRefused = (until: Date) => new AppError('checkout.card_testing', cardTestingMessage(until));

/**
 * When the pause ends for this link and IP, or null when there is none. Counted
 * in SQL: each failure's 10-minute window is counted with a window function,
 * and the newest failure that completes 5 starts the pause. A card attempt
 * still PAYMENTINPROGRESS counts as a failure that may come, so that two
 * concurrent attempts at the limit cannot both reach the processor
 * (`holdCardTestingLimit` makes that check under locks).
 */
export async function cardTestingPauseUntil(db: Executor, linkId: string, ipAddress: string | null): Promise<Date | null> {
  const at = now();
  const since = new Date(at.getTime() - (CARD_TESTING_WINDOW_MINUTES + CARD_TESTING_PAUSE_MINUTES) * 60_000);
  const counted = sql`${transactions.type} = 'CARD' and ${transactions.createdAt} > ${since} and ${transactions.createdAt} <= ${at}
    and (${transactions.status} = 'DECLINED' or ${transactions.status} = 'PAYMENTINPROGRESS'
      or (${transactions.status} = 'REJECTED' and ${transactions.failureReason} is distinct from ${CARD_TESTING_REASON}))`;
  const byIp = ipAddress
    ? sql`union all select 'ip' as scope, ${transactions.createdAt} as at from ${transactions} where ${transactions.ipAddress} = ${ipAddress} and ${counted}`
    : sql``;
  const rows = await queryRows<{ trip: Date | string | null }>(db, sql`
    select max(at) as trip from (
      select at, count(*) over (partition by scope order by at range between interval '${sql.raw(String(CARD_TESTING_WINDOW_MINUTES))} minutes' preceding and current row) as n
      from (select 'link' as scope, ${transactions.createdAt} as at from ${transactions} where ${transactions.paymentLinkId} = ${linkId} and ${counted} ${byIp}) attempts
    ) windows where n >= ${CARD_TESTING_LIMIT}`);
  const trip = rows[0]?.trip;
  if (!trip) return null;
  const until = new Date(new Date(trip).getTime() + CARD_TESTING_PAUSE_MINUTES * 60_000);
  return until.getTime() > at.getTime() ? until : null;
}

/**
 * Called from payByCard before the processor sees the card (not even its
 * lookup): when the link or IP is paused, records the attempt as REJECTED
 * (reason card_testing) and answers the refusal.
 */
export async function refuseCardTesting(db: Executor, checkout: PayableCheckout, input: { ipAddress?: string | null; holderName?: string | null; transactionMethod?: string }) {
  const until = await cardTestingPauseUntil(db, checkout.link.id, input.ipAddress ?? null);
  if (!until) return null;
  const { link } = checkout;
  const [row] = await db.insert(transactions).values({
    organisationId: link.organisationId, bookingId: link.bookingId, paymentLinkId: link.id,
    amount: link.amount, currency: link.currency, status: 'REJECTED', type: 'CARD', method: input.transactionMethod ?? 'ONLINE',
    // The card is not looked up (that would ask the processor): only the name typed is kept.
    failureReason: CARD_TESTING_REASON, cardholderName: input.holderName ?? null, ipAddress: input.ipAddress ?? null,
  }).returning({ id: transactions.id });
  const refusal: CardTestingRefusal = { outcome: 'rejected', transactionId: row!.id, message: cardTestingMessage(until), reason: CARD_TESTING_REASON, retryAt: until };
  return refusal;
}

/**
 * The same check inside the transaction that opens a card attempt (start-transaction.ts),
 * after the link row is locked: attempts on one link serialise on that lock, attempts
 * from one IP on an advisory lock of the IP, so the second of two racing attempts at the
 * limit sees the first one's PAYMENTINPROGRESS row and is refused before the processor.
 */
export async function holdCardTestingLimit(tx: Executor, linkId: string, ipAddress: string | null): Promise<void> {
  if (ipAddress) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`card-testing:${ipAddress}`}))`);
  const until = await cardTestingPauseUntil(tx, linkId, ipAddress);
  if (until) throw cardTestingRefused(until);
}
