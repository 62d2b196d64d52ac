import { emitTransactionEvent } from '@/lib/events/transaction-events';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { notifyOrganisation } from '@/lib/email/notify-organisation';
import { claimedState, recordModification } from '../transactions/finish-modification';
import {
  applied,
  failureKnown,
  ignored,
  retry,
  succeeded,
  type ApplyOutcome,
  type ClaimedNotification,
} from './apply-outcome';
import { findPayment } from './find-target';
import { applyRefusedWalletCancel } from './apply-wallet-cancel';
import { moveSet, moveWhere } from '../transactions/transaction-lifecycle';

/**
 * CAPTURE / CAPTURE_FAILED, and CANCEL_OR_REFUND / CANCELLATION of a held
 * authorisation (docs/processor-notifications.md). Adyen only receives our
 * capture and reverse (`status: received`): the claim stays ('capturing',
 * 'reversing', marked sent) and the notification settles it: COMPLETE or
 * REVERSED on success, PENDING again on failure. The sandbox settles at once,
 * and its notification confirms. A notification also finishes a claim a dead
 * process left, records a modification made elsewhere (the processor's own
 * console), or undoes a capture recorded and then failed. No money is moved
 * here: only the record follows the processor.
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
    const done = await recordModification(db, row, 'complete', {
      unclaimed: true,
      onRecorded: (tx) => n.record(tx, applied('payment COMPLETE')),
    });
    return done ? applied('payment COMPLETE') : retry('payment changed meanwhile; tried again later');
  }
  // CAPTURE_FAILED: the capture was accepted and then failed, so nothing was taken and the authorisation is still held.
  return db.transaction(async (tx) => {
    const [back] = await tx
      .update(transactions)
      .set({
        ...moveSet('captureFailed'),
        modificationSentAt: null,
        completedAt: null,
        failureReason: 'capture_failed',
        updatedAt: now(),
      })
      .where(moveWhere(row.id, 'captureFailed'))
      .returning();
    if (!back) {
      const outcome = ignored(
        `capture failure for a payment that is ${row.status}${row.stage ? ` (${row.stage})` : ''}`,
      );
      await n.record(tx, outcome);
      return outcome;
    }
    // Held again: transaction.pending, as when it was first authorised.
    await emitTransactionEvent(tx, back);
    await notifyOrganisation(tx, back.organisationId, {
      kind: 'capture_failed',
      amount: back.amount,
      currency: back.currency,
      transactionId: back.id,
      reason: n.item.reason ?? null,
    });
    const outcome = applied('capture failed: payment PENDING again');
    await n.record(tx, outcome);
    return outcome;
  });
}

/**
 * CANCEL_OR_REFUND, the answer to our reverse (Adyen's /reversals: it cancels
 * an uncaptured payment, or refunds one captured meanwhile, and says which in
 * `additionalData["modification.action"]`, "cancel" or "refund"), and
 * CANCELLATION (a /cancels, made elsewhere). Success: REVERSED, the money is
 * not held any more either way. Failure: the money is still held, so a
 * `reversing` claim goes back to PENDING and the organisation is told.
 */
export async function applyReversal(db: Db, n: ClaimedNotification): Promise<ApplyOutcome> {
  const row = await findPayment(db, n.item.originalReference ?? n.item.pspReference, n.item.merchantReference);
  if (!row) return ignored('no payment with this original reference');
  // The cancel of a wallet authorisation the card rules refused (wallet-decision.ts): never held as far as anyone saw.
  if (row.status === 'REJECTED') return applyRefusedWalletCancel(db, n, row);
  const name = n.item.eventCode === 'CANCEL_OR_REFUND' ? 'reversal' : 'cancellation';
  if (!n.item.success) return reversalFailed(db, n, row, name);
  const refunded = n.item.eventCode === 'CANCEL_OR_REFUND' && n.item.additionalData['modification.action'] === 'refund';
  if (row.status !== 'PENDING') {
    if (refunded && row.status === 'COMPLETE') {
      // Refunded in full at the processor, not through a refund of ours: a person has to record it.
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'processor refunded a COMPLETE payment through a reversal',
          transaction_id: row.id,
          psp_reference: n.item.pspReference,
        }),
      );
    }
    return ignored(`${name} confirmed${refunded ? ' (as a refund)' : ''}: payment is ${row.status}`);
  }
  if (row.stage === 'capturing') return retry('a capture is in flight; tried again later');
  // A refund here means the payment had been captured after all: refunded in full, it holds nothing, as a reverse.
  const outcome = applied(
    refunded ? 'payment REVERSED (the processor refunded it: it had been captured)' : 'payment REVERSED',
  );
  const done = await recordModification(db, row, 'reverse', {
    unclaimed: true,
    onRecorded: (tx) => n.record(tx, outcome),
  });
  return done ? outcome : retry('payment changed meanwhile; tried again later');
}

async function reversalFailed(
  db: Db,
  n: ClaimedNotification,
  row: typeof transactions.$inferSelect,
  name: string,
): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    const [back] = await tx
      .update(transactions)
      .set({ ...moveSet('releaseClaim'), modificationSentAt: null, failureReason: 'reverse_failed', updatedAt: now() })
      .where(moveWhere(row.id, 'releaseClaim', [claimedState('reverse')]))
      .returning();
    if (!back) {
      console.error(
        JSON.stringify({
          level: 'error',
          message: `processor says a ${name} failed`,
          transaction_id: row.id,
          status: row.status,
        }),
      );
      const outcome = ignored(
        `${name} failed for a payment that is ${row.status}${row.stage ? ` (${row.stage})` : ''}: check with the processor`,
      );
      await n.record(tx, outcome);
      return outcome;
    }
    // Still PENDING as the interface saw it all along (no event); the money is still held, which someone must act on.
    await notifyOrganisation(tx, back.organisationId, {
      kind: 'reverse_failed',
      amount: back.amount,
      currency: back.currency,
      transactionId: back.id,
      reason: n.item.reason ?? null,
    });
    const outcome = applied(`${name} failed: reverse handed back, payment PENDING`);
    await n.record(tx, outcome);
    return outcome;
  });
}
