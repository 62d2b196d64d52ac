import { and, eq, or } from 'drizzle-orm';
import { emitTransactionEvent } from '@/lib/events/transaction-events';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { notifyOrganisation } from '@/lib/email/notify-organisation';
import { formatMoney } from '@/lib/money';
import { recordModification } from '../transactions/finish-modification';
import { applied, failureKnown, ignored, retry, succeeded, type ApplyOutcome, type ClaimedNotification } from './apply-outcome';
import { findPayment } from './find-target';

/**
 * CAPTURE / CAPTURE_FAILED and CANCELLATION of a held authorisation
 * (docs/processor-notifications.md). Our capture and reverse are recorded
 * when the processor accepts them (finish-modification.ts); the notification
 * confirms, finishes a claim a dead process left, records a modification made
 * elsewhere (the processor's own console), or undoes an accepted capture that
 * then failed. No money is moved here: only the record follows the processor.
 */
export async function applyCapture(db: Db, n: ClaimedNotification): Promise<ApplyOutcome> {
  const row = await findPayment(db, n.item.originalReference, n.item.merchantReference);
  if (!row) return ignored('no payment with this original reference');
  if (succeeded(n.item)) {
    // A failure may arrive before the success it follows: that success then changes nothing.
    if (await failureKnown(db, n, 'CAPTURE_FAILED')) return ignored('capture already failed at the processor');
    if (row.status === 'COMPLETE') return ignored('capture confirmed: already COMPLETE');
    if (row.status !== 'PENDING') return ignored(`capture of a payment that is ${row.status}`);
    if (row.stage === 'reversing') return retry('a reverse is in flight; tried again later');
    const done = await recordModification(db, row, 'complete', { unclaimed: true, onRecorded: (tx) => n.record(tx, applied('payment COMPLETE')) });
    return done ? applied('payment COMPLETE') : retry('payment changed meanwhile; tried again later');
  }
  // CAPTURE_FAILED: the capture was accepted and then failed, so nothing was taken and the authorisation is still held.
  return db.transaction(async (tx) => {
    const [back] = await tx.update(transactions)
      .set({ status: 'PENDING', stage: null, completedAt: null, failureReason: 'capture_failed', updatedAt: now() })
      .where(and(eq(transactions.id, row.id), or(eq(transactions.status, 'COMPLETE'), and(eq(transactions.status, 'PENDING'), eq(transactions.stage, 'capturing')))))
      .returning();
    if (!back) {
      const outcome = ignored(`capture failure for a payment that is ${row.status}${row.stage ? ` (${row.stage})` : ''}`);
      await n.record(tx, outcome);
      return outcome;
    }
    // Held again: transaction.pending, as when it was first authorised.
    await emitTransactionEvent(tx, back);
    const amount = formatMoney(back.amount, back.currency);
    await notifyOrganisation(tx, back.organisationId, {
      kind: 'capture_failed', subject: `capture of ${amount} failed`,
      text: `The processor could not capture ${amount} of transaction ${back.id} (${n.item.reason ?? 'no reason given'}). Nothing was taken; the authorisation is PENDING again: complete it again or reverse it.`,
    });
    const outcome = applied('capture failed: payment PENDING again');
    await n.record(tx, outcome);
    return outcome;
  });
}

export async function applyCancellation(db: Db, n: ClaimedNotification): Promise<ApplyOutcome> {
  const row = await findPayment(db, n.item.originalReference ?? n.item.pspReference, n.item.merchantReference);
  if (!row) return ignored('no payment with this original reference');
  if (!n.item.success) {
    if (row.status === 'PENDING' && row.stage === 'reversing') {
      await db.update(transactions).set({ stage: null, updatedAt: now() }).where(and(eq(transactions.id, row.id), eq(transactions.stage, 'reversing')));
      return applied('cancellation failed: reverse handed back, payment PENDING');
    }
    console.error(JSON.stringify({ level: 'error', message: 'processor says a cancellation failed', transaction_id: row.id, status: row.status }));
    return ignored(`cancellation failed for a payment that is ${row.status}: check with the processor`);
  }
  if (row.status !== 'PENDING') return ignored(`cancellation confirmed: payment is ${row.status}`);
  if (row.stage === 'capturing') return retry('a capture is in flight; tried again later');
  const done = await recordModification(db, row, 'reverse', { unclaimed: true, onRecorded: (tx) => n.record(tx, applied('payment REVERSED')) });
  return done ? applied('payment REVERSED') : retry('payment changed meanwhile; tried again later');
}
