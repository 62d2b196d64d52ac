import { eq, sql } from 'drizzle-orm';
import { bookings, creditNotes, transactions } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor, Tx } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { REFUND_HOLDING_STATUSES } from '../transactions/transaction-query';

/*
 * The one place that decides whether money may leave a booking: refunds,
 * credit notes and moving a transaction to another booking. Every decision runs
 * under a FOR UPDATE lock on the booking row(s), taken before the transaction
 * row and in id order, so any two of these racing on one booking queue up and
 * the second sees what the first did (no deadlock: every path locks bookings
 * first, sorted by id).
 *
 * What a booking holds, for each COMPLETE transaction on it: its net amount
 * (amount less surcharge) less the refunds holding money on it and what a
 * chargeback took back (chargedBackSql), never below zero; then less the credit
 * notes issued from the booking. A refund spends its
 * transaction's net amount first and returns the surcharge only with the last
 * of it, so a full refund returns all that was taken, while a credit note can
 * never turn a card surcharge into credit. Per transaction, refunds never exceed
 * its amount less what was charged back. Together: refunded + credited +
 * charged back never exceeds what was taken (a chargeback is the card scheme's
 * decision and cannot be refused; it arriving after a refund is the processor's
 * dispute to settle, but nothing here pays the cardholder a second time after it).
 */

type Transaction = typeof transactions.$inferSelect;

const holding = sql.join(
  REFUND_HOLDING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * What chargebacks took back from the transaction under alias `t`, in its own currency. Only a
 * CHARGED_BACK dispute took money (NOTIFIED is a notice, REVERSED was won back). A chargeback is
 * in the currency the processor took (Adyen's notification amount: the payment's, so the DCC
 * card currency when one was accepted), converted at the payment's own rate amount /
 * processor_amount and rounded up, never more than the transaction's amount.
 */
export function chargedBackSql(t: string) {
  const alias = sql.identifier(t);
  return sql`(select least(${alias}.amount, coalesce(sum(ceil(cb.amount::numeric * ${alias}.amount
      / greatest(1, coalesce(${alias}.processor_amount, ${alias}.amount)))), 0))
    from chargebacks cb where cb.transaction_id = ${alias}.id and cb.status = 'CHARGED_BACK')`;
}

/**
 * What no longer sits on one transaction: refunds holding money on it and chargebacks that took
 * it back, each in the transaction's currency and as the processor counts it.
 */
export async function heldOnTransaction(tx: Tx, transactionId: string) {
  const [row] = await queryRows<{
    held: string;
    held_processor: string;
    charged_back: string;
    charged_back_processor: string;
  }>(
    tx,
    sql`
    select
      (select coalesce(sum(amount), 0) from refunds where transaction_id = t.id and status in (${holding})) as held,
      (select coalesce(sum(coalesce(processor_amount, amount)), 0) from refunds where transaction_id = t.id and status in (${holding})) as held_processor,
      ${chargedBackSql('t')} as charged_back,
      (select coalesce(sum(amount), 0) from chargebacks where transaction_id = t.id and status = 'CHARGED_BACK') as charged_back_processor
    from transactions t where t.id = ${transactionId}`,
  );
  return {
    held: Number(row?.held ?? 0),
    heldProcessor: Number(row?.held_processor ?? 0),
    chargedBack: Number(row?.charged_back ?? 0),
    chargedBackProcessor: Number(row?.charged_back_processor ?? 0),
  };
}

/** What the booking holds (see above); `available` is what a credit note or a refund's net part may take. */
export async function bookingBalance(tx: Executor, bookingId: string) {
  const [row] = await queryRows<{ remaining: string; credited: string }>(
    tx,
    sql`
    select
      (select coalesce(sum(greatest(0, t.amount - t.surcharge - coalesce(
          (select sum(r.amount) from refunds r where r.transaction_id = t.id and r.status in (${holding})), 0) - ${chargedBackSql('t')})), 0)
        from transactions t where t.booking_id = ${bookingId} and t.status = 'COMPLETE') as remaining,
      (select coalesce(sum(amount), 0) from credit_notes where booking_created_from_id = ${bookingId}) as credited`,
  );
  const remaining = Number(row!.remaining);
  const credited = Number(row!.credited);
  return { remaining, credited, available: remaining - credited };
}

/** Locks booking rows in id order (nulls skipped): the one lock order of every path here. */
export async function lockBookings(tx: Tx, ids: (string | null)[]): Promise<void> {
  for (const id of [...new Set(ids.filter((i): i is string => Boolean(i)))].sort()) {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).for('update');
  }
}

/**
 * Locks a transaction after its booking (and `alsoBookings`). Its booking is
 * read before the lock, so if a re-assign moved it meanwhile, the attempt's
 * locks are released (savepoint rolled back: locking the new booking now could
 * break the id order) and it starts again.
 */
export async function lockTransaction(
  tx: Tx,
  transactionId: string,
  alsoBookings: string[] = [],
): Promise<Transaction | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const locked = await tx
      .transaction(async (savepoint) => {
        const [seen] = await savepoint
          .select({ bookingId: transactions.bookingId })
          .from(transactions)
          .where(eq(transactions.id, transactionId));
        if (!seen) return { row: undefined };
        await lockBookings(savepoint, [seen.bookingId, ...alsoBookings]);
        const [row] = await savepoint
          .select()
          .from(transactions)
          .where(eq(transactions.id, transactionId))
          .for('update');
        if (row && row.bookingId !== seen.bookingId) throw new MovedMeanwhile();
        return { row };
      })
      .catch((error: unknown) => {
        if (error instanceof MovedMeanwhile) return null;
        throw error;
      });
    if (locked) return locked.row;
  }
  throw new Error(`transaction ${transactionId} kept moving between bookings`);
}

class MovedMeanwhile extends Error {}

/**
 * A refund of `amount` on a locked COMPLETE transaction: within the transaction (less refunds and
 * chargebacks), and within its booking. Answers what is already gone, in both currencies, for the
 * processor amount (a chargeback counts as an earlier refund there: the processor took it back).
 */
export async function assertRefundable(tx: Tx, transaction: Transaction, amount: number) {
  const { held, heldProcessor, chargedBack, chargedBackProcessor } = await heldOnTransaction(tx, transaction.id);
  const refundable = Math.max(0, transaction.amount - held - chargedBack);
  if (amount > refundable) {
    const why =
      chargedBack > 0 ? ` (${held} refunded or awaiting authorisation, ${chargedBack} taken back by a chargeback)` : '';
    throw new AppError(
      'refund.exceeds_refundable',
      `amount ${amount} is more than the ${refundable} still refundable on this transaction${why}.`,
    );
  }
  if (transaction.bookingId) {
    const net = Math.max(0, transaction.amount - transaction.surcharge - held - chargedBack);
    const fromBooking = Math.min(amount, net);
    const { available } = await bookingBalance(tx, transaction.bookingId);
    if (fromBooking > available) {
      throw new AppError(
        'refund.exceeds_booking_balance',
        `amount ${amount} would take ${fromBooking} from its booking, which holds ${Math.max(0, available)} (payments less refunds, chargebacks and credit notes).`,
      );
    }
  }
  return { gone: held + chargedBack, goneProcessor: heldProcessor + chargedBackProcessor };
}

/** A credit note of `amount` from a locked booking. */
export async function assertCreditable(tx: Tx, bookingId: string, amount: number) {
  const { available } = await bookingBalance(tx, bookingId);
  if (amount > available) {
    throw new AppError(
      'credit_note.exceeds_balance',
      `amount ${amount} is more than the ${Math.max(0, available)} this booking holds (paid, less refunds, chargebacks and credit notes).`,
    );
  }
}

/** Moving a locked transaction off its booking must leave that booking holding at least nothing. */
export async function assertMovable(tx: Tx, transaction: Transaction) {
  if (!transaction.bookingId || transaction.status !== 'COMPLETE') return;
  const { held, chargedBack } = await heldOnTransaction(tx, transaction.id);
  const leaving = Math.max(0, transaction.amount - transaction.surcharge - held - chargedBack);
  const { available } = await bookingBalance(tx, transaction.bookingId);
  if (leaving > available) {
    throw new AppError(
      'transaction.reassign_overdraws_booking',
      `moving this transaction takes ${leaving} from its booking, which has only ${Math.max(0, available)} not already refunded or credited.`,
    );
  }
}

/**
 * Assigning a link to a booking moves its payments too: lock every booking
 * they leave and the new one (id order), then the payments, and check each
 * move as a re-assign would.
 */
export async function assertLinkPaymentsMovable(tx: Tx, paymentLinkId: string, toBookingId: string) {
  const seen = await tx
    .select({ bookingId: transactions.bookingId })
    .from(transactions)
    .where(eq(transactions.paymentLinkId, paymentLinkId));
  await lockBookings(tx, [toBookingId, ...seen.map((t) => t.bookingId)]);
  const moving = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.paymentLinkId, paymentLinkId))
    .orderBy(transactions.id)
    .for('update');
  // A payment that changed booking in between left a booking unlocked here: refuse rather than guess.
  const locked = new Set([toBookingId, ...seen.map((t) => t.bookingId)]);
  for (const transaction of moving) {
    if (!locked.has(transaction.bookingId))
      throw new Error(`transaction ${transaction.id} moved while its link was being assigned`);
    if (transaction.bookingId !== toBookingId) await assertMovable(tx, transaction);
  }
}

/**
 * Merging booking `from` into `into` moves its payments; its credit notes go
 * with them, so the merged booking still counts what was credited from that
 * money (balances add up: both were at least zero, so the sum is too).
 */
export async function mergeBalances(tx: Tx, fromBookingId: string, intoBookingId: string) {
  await tx
    .update(creditNotes)
    .set({ bookingCreatedFromId: intoBookingId })
    .where(eq(creditNotes.bookingCreatedFromId, fromBookingId));
}
