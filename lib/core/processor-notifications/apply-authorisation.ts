import { emitTransactionEvent } from '@/lib/events/transaction-events';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { settleOpenBanking } from '../payments/open-banking';
import { captureIntent, cardOfRow } from '../payments/reconcile-payment';
import { clearUnresolvedMarker } from '../payments/unresolved-payment';
import { settleAuthorisation } from '../payments/settle-payment';
import { decideLateWallet } from '../payments/wallet-late-decision';
import { SERVICE_ACTOR } from '../audit/record-audit';
import { completeScheduledCharge } from '../scheduled-payments/finish-scheduled-payment';
import { scheduledPaymentIdOfKey } from '../scheduled-payments/scheduled-attempts';
import { applied, ignored, retry, type ApplyOutcome, type ClaimedNotification } from './apply-outcome';
import { cardFromNotification, storedCardTokenOf } from './card-from-notification';
import { findPayment } from './find-target';
import { canMove, moveSet, moveWhere, stateOf } from '../transactions/transaction-lifecycle';

/** A payment still waiting for its answer: being authorised, at 3-D Secure or the bank, or unsettled (no clear answer). */
/** How long a payment at 'authorising' is left to the call that sent it before the notification settles it. */
const AUTHORISING_GRACE_MS = 2 * 60_000;
/** Payments we recorded as having taken nothing: an authorisation for one is released (settleAuthorisation's path). */
export const TOOK_NOTHING = ['ABANDONED', 'FAILED'];

/**
 * AUTHORISATION: the processor's answer to a payment. A payment still waiting
 * for it is settled exactly as the answer would have been (settleAuthorisation
 * or, for a bank payment, settleOpenBanking: saved card, group instalments,
 * audit), with the capture intent reconcile-payment.ts works out. Every move
 * is guarded on PAYMENTINPROGRESS, so a payment the redirect or the runner
 * settled first is left alone.
 */
export async function applyAuthorisation(db: Db, n: ClaimedNotification): Promise<ApplyOutcome> {
  const { item } = n;
  const row = await findPayment(db, item.pspReference, item.merchantReference, { beforeAnswer: true });
  if (!row) return ignored('no payment with this reference');
  // Still waiting for its answer: in one of the states the answer moves from (transaction-lifecycle.ts).
  const state = stateOf(row);
  const waiting = state !== null && canMove(state, 'decline');
  if (!item.success) {
    if (!waiting) return ignored(`refusal of a payment already ${row.status}`);
    return db.transaction(async (tx) => {
      const [declined] = await tx
        .update(transactions)
        .set({
          ...moveSet('decline'),
          providerReference: item.pspReference || row.providerReference,
          failureReason: (item.reason ?? 'declined').slice(0, 200),
          updatedAt: now(),
        })
        .where(moveWhere(row.id, 'decline'))
        .returning({ id: transactions.id, organisationId: transactions.organisationId, status: transactions.status });
      if (declined) await emitTransactionEvent(tx, declined);
      const outcome = declined ? applied('payment DECLINED') : ignored('payment settled meanwhile');
      await n.record(tx, outcome);
      return outcome;
    });
  }
  if (!waiting && !TOOK_NOTHING.includes(row.status)) return ignored(`payment already ${row.status}`);
  const scheduled = waiting && scheduledPaymentIdOfKey(row.idempotencyKey) ? row.idempotencyKey! : null;
  if (scheduled && row.stage !== 'unsettled') {
    // A scheduled charge lands with its scheduled payment in one statement (settle-scheduled-charge.ts); its runner step,
    // while it waits for this same answer, records both. This item is looked at again later.
    return retry('scheduled charge: left to its runner step');
  }
  // An unsettled one had no final answer (Adyen's Received, or none): a replay under its key only repeats that, so this
  // notification settles it, and its scheduled payment in the same transaction.
  if (row.stage === 'authorising' && now().getTime() - row.updatedAt.getTime() < AUTHORISING_GRACE_MS) {
    // The call that sent it is probably still waiting for this same answer: let it record it (card facts, DCC and all).
    return retry('payment is being authorised; tried again later');
  }
  if (row.type === 'OPEN_BANKING' && waiting) {
    try {
      // The notification's pspReference is recorded: a Pay by Bank start may have named none.
      await settleOpenBanking(
        db,
        row.id,
        async (tx) => {
          await clearUnresolvedMarker(tx, row.id);
          await n.record(tx, applied('payment COMPLETE'));
        },
        item.pspReference,
      );
      return applied('payment COMPLETE');
    } catch (error) {
      if (error instanceof AppError) return ignored('payment settled meanwhile');
      throw error;
    }
  }
  const storedCardToken = row.storeCard ? storedCardTokenOf(item, n.processor) : undefined;
  // A bank payment is captured when the customer approves it; a wallet judged on the answer never is (captureIntent).
  const captured = row.type === 'OPEN_BANKING' || (await captureIntent(db, row));
  const authorised = {
    status: 'authorised' as const,
    providerReference: item.pspReference,
    card: cardFromNotification(item, cardOfRow(row)),
    captured,
    ...(storedCardToken ? { storedCardToken } : {}),
  };
  if (row.decidesAfterAuthorisation && waiting) {
    // A wallet judged on the processor's answer, whose answer this is (after Received, or a 3-D Secure the customer
    // never came back from): judged as at once (wallet-late-decision.ts).
    // A refusal writes its own failure reason over an unresolved marker; an allowed payment clears it as it lands.
    const decided = await decideLateWallet(db, row, authorised, null, async (tx) => clearUnresolvedMarker(tx, row.id));
    const outcome = applied(`wallet payment judged: ${decided.outcome}`);
    await n.record(db, outcome);
    return outcome;
  }
  const result = await settleAuthorisation(db, row.id, authorised, scheduled ? SERVICE_ACTOR : null, async (tx, id) => {
    // A payment alerted as having no answer (unresolved-payment.ts) has it now.
    await clearUnresolvedMarker(tx, row.id);
    if (scheduled) await completeScheduledCharge(tx, id, scheduled);
    await n.record(tx, applied(`payment ${captured ? 'COMPLETE' : 'PENDING'}`));
  });
  if (result.outcome === 'paid') return applied(`payment ${result.status}`);
  // Not in progress any more and not this very answer: settleAuthorisation released the money (reverse or refund).
  return applied(`payment was ${row.status}: authorisation released`);
}
