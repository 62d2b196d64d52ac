import { eq, inArray, sql } from 'drizzle-orm';
import { nextAttemptAt } from '@/lib/backoff';
import { now } from '@/lib/clock';
import { bookings, savedCards, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { chargeSavedCard } from '@/lib/core/saved-cards/charge-saved-card';
import {
  cancelIfBookingDeleted, completeScheduledPayment, failScheduledPayment, retryScheduledPaymentLater, type ClaimedScheduledPayment,
} from '@/lib/core/scheduled-payments/finish-scheduled-payment';
import { SCHEDULED_PAYMENT_RETRY, scheduledAttemptKey } from '@/lib/core/scheduled-payments/scheduled-attempts';
import { claimRows } from './claim';

/** A claim older than this belongs to a worker that died; the payment is taken up again with the same idempotency key. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

export type ScheduledReport = {
  completed: number;
  /** FAILED for good (declined, refused, or out of attempts); the organisation was emailed. */
  failed: number;
  /** Failed transiently, QUEUED again for later: not work done now, so it does not keep runUntilIdle going. */
  retrying: number;
  /** Its booking was deleted after the claim: cancelled, never charged. */
  cancelled: number;
  /** The processor may have charged (no clear answer): left IN_PROGRESS for the stale-claim path to ask again. */
  unsettled: number;
};

/**
 * Charges due scheduled payments. A QUEUED payment whose time (next_attempt_at
 * after a transient failure, else execute_after) has come is claimed:
 * IN_PROGRESS, a new attempt number. Its saved card is charged under that
 * attempt's idempotency key (scheduled-attempts.ts), then it is COMPLETE,
 * FAILED (+ an email to the organisation), or QUEUED again with back-off.
 * Two workers never claim one payment, and a re-claimed one never charges twice.
 */
export async function runDueScheduledPayments(db: Db, limit = 50): Promise<ScheduledReport> {
  const report: ScheduledReport = { completed: 0, failed: 0, retrying: 0, cancelled: 0, unsettled: 0 };
  const at = now();
  const stamp = sql`${at.toISOString()}::timestamptz`;
  // A dead worker's claim first: same attempt, same key. Then due payments (the partial index on
  // coalesce(next_attempt_at, execute_after) where QUEUED), each claim starting a new attempt.
  const stale = await claimRows<{ id: string }>(db, {
    table: sql`scheduled_payments`,
    where: sql`status = 'IN_PROGRESS' and claimed_at < ${new Date(at.getTime() - STALE_CLAIM_MS).toISOString()}::timestamptz`,
    orderBy: sql`claimed_at`,
    set: sql`claimed_at = ${stamp}, updated_at = ${stamp}`,
    limit,
  });
  const due = stale.length >= limit ? [] : await claimRows<{ id: string }>(db, {
    table: sql`scheduled_payments`,
    where: sql`status = 'QUEUED' and coalesce(next_attempt_at, execute_after) <= ${stamp}`,
    orderBy: sql`coalesce(next_attempt_at, execute_after)`,
    set: sql`status = 'IN_PROGRESS', attempts = attempts + 1, claimed_at = ${stamp}, updated_at = ${stamp}`,
    limit: limit - stale.length,
  });
  const claimed = [...stale, ...due];
  if (claimed.length === 0) return report;
  const rows = await db.select({ payment: scheduledPayments, card: savedCards, bookingReference: bookings.bookingReference }).from(scheduledPayments)
    .innerJoin(bookings, eq(bookings.id, scheduledPayments.bookingId))
    .leftJoin(savedCards, eq(savedCards.id, scheduledPayments.savedCardId))
    .where(inArray(scheduledPayments.id, claimed.map((c) => c.id)));
  for (const { payment, card, bookingReference } of rows) {
    try {
      report[await runOne(db, { payment, bookingReference, claimedAt: at }, card)] += 1;
    } catch (error) {
      // Left IN_PROGRESS: the stale-claim path takes it up again with the same key.
      console.error(JSON.stringify({ level: 'error', message: 'scheduled payment not finished; retrying after the claim lapses', scheduled_payment_id: payment.id, error: String(error) }));
      report.unsettled += 1;
    }
  }
  return report;
}

async function runOne(db: Db, claim: ClaimedScheduledPayment, card: typeof savedCards.$inferSelect | null): Promise<keyof ScheduledReport> {
  const { payment } = claim;
  const key = scheduledAttemptKey(payment.id, payment.attempts);
  // Re-checked right before charging: a booking deleted since the claim is not charged.
  if (await cancelIfBookingDeleted(db, claim, key)) return 'cancelled';
  if (!card || card.deletedAt) {
    await failScheduledPayment(db, claim, { reason: 'no_saved_card', explanation: 'the saved card was removed', transactionId: null });
    return 'failed';
  }
  const outcome = await chargeSavedCard(db, {
    savedCard: card, amount: payment.amount, currency: payment.currency, capture: !payment.authorisationOnly, idempotencyKey: key, method: 'MOTO_OTHER',
  });
  switch (outcome.outcome) {
    case 'paid':
      await completeScheduledPayment(db, claim, outcome.transactionId);
      return 'completed';
    case 'unsettled':
      // The processor may have taken it: the same key will ask it again once the claim is stale.
      return 'unsettled';
    case 'declined':
      await failScheduledPayment(db, claim, { reason: outcome.reason, explanation: 'the card was declined', transactionId: outcome.transactionId });
      return 'failed';
    case 'failed': {
      const retryAt = outcome.retryable ? nextAttemptAt(SCHEDULED_PAYMENT_RETRY, payment.attempts, now()) : null;
      if (retryAt) {
        await retryScheduledPaymentLater(db, claim, { reason: outcome.reason, transactionId: outcome.transactionId, nextAttemptAt: retryAt });
        return 'retrying';
      }
      const explanation = outcome.retryable
        ? `the processor could not take it in ${payment.attempts} attempts`
        : 'the processor refused it';
      await failScheduledPayment(db, claim, { reason: outcome.reason, explanation, transactionId: outcome.transactionId });
      return 'failed';
    }
    default:
      // A saved-card charge has no customer to send to 3-D Secure: a challenge cannot be completed.
      await failScheduledPayment(db, claim, { reason: 'challenge_required', explanation: 'the card asked for the cardholder to authenticate', transactionId: outcome.transactionId });
      return 'failed';
  }
}
