import { and, eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { scheduledPayments } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { queueCollectionFailed } from '../receipts/collection-failed-notice';
import { notifyOrganisation } from '@/lib/email/notify-organisation';
import type { ScheduledFailureCause } from '@/lib/email/templates/organisation-alert';
import { emitScheduledPaymentEvent } from '@/lib/events/scheduled-payment-events';
import { alertChargeFailed } from '../groups/charge-failed-alert';
import { scheduledAttemptKey, scheduledPaymentIdOfKey } from './scheduled-attempts';

/** A scheduled payment as one runner claimed it: every change below is guarded by that claim. */
export type ClaimedScheduledPayment = {
  payment: typeof scheduledPayments.$inferSelect;
  bookingReference: string;
  /** claimed_at as this runner set it: names the claim, so a runner whose claim was taken over changes nothing. */
  claimedAt: Date;
};

const stillClaimed = (claim: ClaimedScheduledPayment) =>
  and(
    eq(scheduledPayments.id, claim.payment.id),
    eq(scheduledPayments.status, 'IN_PROGRESS'),
    eq(scheduledPayments.claimedAt, claim.claimedAt),
  );

/**
 * COMPLETE, with its event; the runner calls it inside the transaction that records the payment (settleAuthorisation), so all
 * land together (or in a transaction of its own for a payment an earlier attempt recorded). Answers whether it changed the row.
 */
export async function completeScheduledPayment(
  tx: Executor,
  claim: ClaimedScheduledPayment,
  transactionId: string,
): Promise<boolean> {
  const done = await tx
    .update(scheduledPayments)
    .set({
      status: 'COMPLETE',
      transactionId,
      failureReason: null,
      nextAttemptAt: null,
      completedAt: now(),
      updatedAt: now(),
    })
    .where(stillClaimed(claim))
    .returning({ id: scheduledPayments.id });
  if (done.length === 0) return false;
  await emitScheduledPaymentEvent(tx, claim.payment, 'scheduled_payment.completed');
  return true;
}

/**
 * COMPLETE for a charge the processor's AUTHORISATION notification settles
 * (its runner step had no final answer: Received, or none at all), in the
 * notification's transaction. Not guarded by a claim (a runner may hold one,
 * asking again under the same key): by IN_PROGRESS and by the attempt whose
 * key the transaction carries, so an older attempt's charge completes nothing.
 */
export async function completeScheduledCharge(
  tx: Executor,
  transactionId: string,
  attemptKey: string,
): Promise<boolean> {
  const id = scheduledPaymentIdOfKey(attemptKey);
  if (!id) return false;
  const [payment] = await tx
    .select()
    .from(scheduledPayments)
    .where(and(eq(scheduledPayments.id, id), eq(scheduledPayments.status, 'IN_PROGRESS')));
  if (!payment || scheduledAttemptKey(payment.id, payment.attempts) !== attemptKey) return false;
  const done = await tx
    .update(scheduledPayments)
    .set({
      status: 'COMPLETE',
      transactionId,
      failureReason: null,
      nextAttemptAt: null,
      completedAt: now(),
      updatedAt: now(),
    })
    .where(
      and(
        eq(scheduledPayments.id, id),
        eq(scheduledPayments.status, 'IN_PROGRESS'),
        eq(scheduledPayments.attempts, payment.attempts),
      ),
    )
    .returning({ id: scheduledPayments.id });
  if (done.length === 0) return false;
  await emitScheduledPaymentEvent(tx, payment, 'scheduled_payment.completed');
  return true;
}

/**
 * FAILED for good, and the organisation is told in the same transaction (the
 * email exists if and only if the failure does). A group member's instalment
 * (payment_link_id) alerts the group's leader and creator instead
 * (charge-failed-alert.ts); any other goes to the organisation's notification address.
 */
export async function failScheduledPayment(
  db: Db,
  claim: ClaimedScheduledPayment,
  failure: { reason: string; cause: ScheduledFailureCause; transactionId: string | null },
): Promise<void> {
  const { payment } = claim;
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(scheduledPayments)
      .set({
        status: 'FAILED',
        transactionId: failure.transactionId,
        failureReason: failure.reason,
        nextAttemptAt: null,
        completedAt: now(),
        updatedAt: now(),
      })
      .where(stillClaimed(claim))
      .returning({ id: scheduledPayments.id });
    if (!failed) return;
    await emitScheduledPaymentEvent(tx, payment, 'scheduled_payment.failed');
    // A group member's instalment: the member is told what happened and how to pay now.
    if (payment.paymentLinkId)
      await queueCollectionFailed(tx, {
        scheduledPaymentId: payment.id,
        paymentLinkId: payment.paymentLinkId,
        reason: failure.reason,
        transactionId: failure.transactionId,
      });
    if (
      payment.paymentLinkId &&
      (await alertChargeFailed(tx, {
        scheduledPaymentId: payment.id,
        paymentLinkId: payment.paymentLinkId,
        reason: failure.reason,
        cause: failure.cause,
        attempts: payment.attempts,
      }))
    )
      return;
    await notifyOrganisation(tx, payment.organisationId, {
      kind: 'scheduled-payment-failed',
      amount: payment.amount,
      currency: payment.currency,
      bookingReference: claim.bookingReference,
      dueAt: payment.executeAfter,
      cause: failure.cause,
      reason: failure.reason,
      attempts: payment.attempts,
      scheduledPaymentId: payment.id,
      transactionId: failure.transactionId,
    });
  });
}

/** Back to QUEUED after a transient failure, due again at `nextAttemptAt`; the next claim starts a new attempt (a new key). */
export async function retryScheduledPaymentLater(
  db: Db,
  claim: ClaimedScheduledPayment,
  retry: { reason: string; transactionId: string | null; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(scheduledPayments)
    .set({
      status: 'QUEUED',
      transactionId: retry.transactionId,
      failureReason: retry.reason,
      nextAttemptAt: retry.nextAttemptAt,
      claimedAt: null,
      updatedAt: now(),
    })
    .where(stillClaimed(claim));
}
