import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { bookings, groupMembers, paymentLinks, scheduledPayments, transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import type { HostedCheckout } from './load-hosted-checkout';

/**
 * What the success page adds to the checkout's own read (load-hosted-checkout.ts), so the
 * customer reads a confirmation rather than the pay page again: the payment's short reference,
 * what is still owed on the booking, and, for a group member, whether their next instalment
 * will be collected automatically. Read only once a payment is made, never on the pay page.
 */
export type PaymentConfirmation = {
  shortReference: string | null;
  /**
   * A booking with a gross amount in the link's currency, not a group member's: the gross amount
   * less what its paying (COMPLETE or PENDING) payments took without their surcharge; never below 0.
   * Null when that cannot be said (no booking, no gross amount, another currency).
   */
  bookingRemaining: number | null;
  /** The member's next unpaid instalment has a queued automatic collection (their stored card, on its due date). */
  nextCollectedAutomatically: boolean;
};

export async function loadPaymentConfirmation(db: Executor, checkout: HostedCheckout): Promise<PaymentConfirmation> {
  const payment = checkout.latest;
  const [row] = payment
    ? await db
        .select({ shortReference: transactions.shortReference, bookingId: transactions.bookingId })
        .from(transactions)
        .where(eq(transactions.id, payment.id))
    : [];
  const member = checkout.member;
  return {
    shortReference: row?.shortReference ?? null,
    bookingRemaining: member || !row?.bookingId ? null : await bookingRemaining(db, row.bookingId, checkout.currency),
    nextCollectedAutomatically: member?.next ? await collectedAutomatically(db, member.next.linkId) : false,
  };
}

async function bookingRemaining(db: Executor, bookingId: string, currency: string): Promise<number | null> {
  const [booking] = await db
    .select({
      gross: bookings.grossAmount,
      currency: bookings.currency,
      paid: sql<string>`(select coalesce(sum(t.amount - t.surcharge), 0) from transactions t
        where t.booking_id = ${bookings.id} and t.status in ('COMPLETE', 'PENDING'))`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking || booking.gross === null || booking.currency !== currency) return null;
  return Math.max(0, booking.gross - Number(booking.paid));
}

async function collectedAutomatically(db: Executor, linkId: string): Promise<boolean> {
  const [queued] = await db
    .select({ id: scheduledPayments.id })
    .from(scheduledPayments)
    .innerJoin(paymentLinks, eq(paymentLinks.id, scheduledPayments.paymentLinkId))
    .innerJoin(groupMembers, eq(groupMembers.id, paymentLinks.groupMemberId))
    .where(
      and(
        eq(scheduledPayments.paymentLinkId, linkId),
        inArray(scheduledPayments.status, ['QUEUED']),
        eq(groupMembers.autoCollect, true),
      ),
    )
    .limit(1);
  return Boolean(queued);
}

/** The pages' entry (pages never import lib/db). */
export const hostedPaymentConfirmation = async (checkout: HostedCheckout) =>
  loadPaymentConfirmation(await getDb(), checkout);
