import { eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { savedCards, transactions } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { ProcessorError, processorFor, type AuthoriseResult, type CardFacts } from '@/lib/payments/processor';
import { paymentActor } from '../audit/payment-actor';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { settleMemberPayment } from '../groups/settle-member-payment';
import { emitPaymentEvents, emitTransactionEvent } from '@/lib/events/transaction-events';
import { processorMoney } from './processor-money';
import { moveSet, moveWhere } from '../transactions/transaction-lifecycle';
import { describeErrorSafely } from '@/lib/http/safe-error-log';
import { queuePayerReceipt } from '../receipts/payer-receipt';

export type PaymentOutcome =
  | { outcome: 'paid'; transactionId: string; status: 'COMPLETE' | 'PENDING' }
  | { outcome: 'declined'; transactionId: string; reason: string }
  | { outcome: 'challenge'; transactionId: string; redirectUrl: string }
  /** Nothing was taken. `retryable`: the processor failed transiently, so a later attempt (a new attempt key) may succeed. */
  | { outcome: 'failed'; transactionId: string; reason: string; retryable?: boolean }
  /** The processor may have taken the money (timeout, unclear answer): the transaction stays unsettled until the processor is asked. */
  | { outcome: 'unsettled'; transactionId: string };

/** The card's facts as the transaction's columns (none when the answer gave none: the row keeps what it has). */
export const cardColumns = (card: CardFacts | undefined) =>
  card
    ? {
        cardBrand: card.brand,
        cardLastFour: card.lastFour,
        cardBin: card.bin,
        cardType: card.funding,
        binType: card.cardClass,
        issuingCountry: card.issuingCountry,
        cardholderName: card.holderName ?? null,
      }
    : {};

/**
 * Records what the processor answered. Every move is guarded by
 * `status = 'PAYMENTINPROGRESS'`, so an outcome lands once; if the payment was
 * abandoned meanwhile and the processor still authorised it, the money is
 * released at once (reversed, or refunded when already captured) rather than
 * kept without a record.
 */
export async function settleAuthorisation(
  db: Db,
  transactionId: string,
  /** A refusal may name no processor reference (a bank's, when neither the start nor the answer gave one): the row keeps its own. */
  result: AuthoriseResult | { status: 'declined'; providerReference: string | null; reason: string; card?: CardFacts },
  actor: AuditActor | null = null,
  /** Runs in the transaction that records the payment as taken (a scheduled payment's COMPLETE lands with it). */
  onPaid?: (tx: Executor, transactionId: string) => Promise<void>,
): Promise<PaymentOutcome> {
  if (result.status === 'challenge') {
    await db
      .update(transactions)
      .set({
        ...moveSet('challenge'),
        providerReference: result.providerReference,
        ...cardColumns(result.card),
        updatedAt: now(),
      })
      .where(moveWhere(transactionId, 'challenge'));
    return { outcome: 'challenge', transactionId, redirectUrl: result.redirectUrl };
  }
  if (result.status === 'received') return settleReceived(db, transactionId, result.providerReference);
  if (result.status === 'declined') {
    // The decline and its event land together (a second answer finds nothing in progress and emits nothing).
    await db.transaction(async (tx) => {
      const reference = result.providerReference ? { providerReference: result.providerReference } : {};
      const [row] = await tx
        .update(transactions)
        .set({
          ...moveSet('decline'),
          ...reference,
          failureReason: result.reason,
          ...cardColumns(result.card),
          updatedAt: now(),
        })
        .where(moveWhere(transactionId, 'decline'))
        .returning({ id: transactions.id, organisationId: transactions.organisationId, status: transactions.status });
      if (row) await emitTransactionEvent(tx, row);
    });
    return { outcome: 'declined', transactionId, reason: result.reason };
  }
  const move = result.captured ? 'pay' : 'authorise';
  const status = result.captured ? 'COMPLETE' : 'PENDING';
  const settled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(transactions)
      .set({
        ...moveSet(move),
        providerReference: result.providerReference,
        ...cardColumns(result.card),
        authorisedAt: now(),
        completedAt: result.captured ? now() : null,
        updatedAt: now(),
      })
      .where(moveWhere(transactionId, move))
      .returning();
    if (!row) return null;
    let savedCardId: string | null = null;
    if (result.storedCardToken && row.bookingId) {
      const [card] = await tx
        .insert(savedCards)
        .values({
          organisationId: row.organisationId,
          bookingId: row.bookingId,
          processorToken: result.storedCardToken,
          cardholderName: result.card.holderName ?? null,
          bin: result.card.bin,
          cardBrand: result.card.brand,
          lastFour: result.card.lastFour,
          expiryMonth: result.card.expiryMonth ?? 0,
          expiryYear: result.card.expiryYear ?? 0,
          issuingCountry: result.card.issuingCountry,
          funding: result.card.funding,
          cardClass: result.card.cardClass,
        })
        .returning({ id: savedCards.id });
      await tx.update(transactions).set({ savedCardId: card!.id }).where(eq(transactions.id, transactionId));
      savedCardId = card!.id;
    }
    // A group member's payment: the instalments it covers are settled, their collections cancelled, auto-collect opted in.
    await settleMemberPayment(tx, row, savedCardId);
    // A merchant-initiated payment (saved card) names the API key; otherwise the link's customer, or the runner.
    await recordAudit(tx, actor ?? (await paymentActor(tx, row.paymentLinkId)), {
      organisationId: row.organisationId,
      type: 'transaction:payment',
      entityId: transactionId,
    });
    if (onPaid) await onPaid(tx, transactionId);
    // The payer's receipt, with the payment's own commit (one per payment: only the mover that won gets here).
    await queuePayerReceipt(tx, transactionId);
    // Last, so the events show all of the above (covered links settled, the scheduled payment COMPLETE).
    await emitPaymentEvents(tx, row);
    return row;
  });
  if (!settled) {
    // The runner may have recorded this very answer already (it asked the processor while this call was slow).
    const [current] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
    if (
      current?.providerReference === result.providerReference &&
      (current.status === 'COMPLETE' || current.status === 'PENDING')
    ) {
      return { outcome: 'paid', transactionId, status: current.status };
    }
    // A held authorisation is reversed; money already captured is refunded in full (a capture cannot be reversed).
    const processor = processorFor(db);
    if (result.captured && current)
      await processor.refund({
        providerReference: result.providerReference,
        ...processorMoney(current),
        idempotencyKey: `${transactionId}:release`,
      });
    else
      await processor.reverse({
        providerReference: result.providerReference,
        idempotencyKey: `${transactionId}:release`,
      });
    return { outcome: 'failed', transactionId, reason: 'payment_no_longer_in_progress' };
  }
  return { outcome: 'paid', transactionId, status };
}

/**
/**
 * The processor took the payment and decides later (Adyen's Received or
 * Pending): not an outcome, and above all not a failure (a failed payment
 * frees its link, and a second payment would follow while the first may still
 * be authorised). The transaction stays PAYMENTINPROGRESS at stage
 * 'unsettled', the link's one live payment (a second payment is told it is
 * being confirmed), with the processor's reference recorded, until the
 * AUTHORISATION notification (apply-authorisation.ts) or the reconcile step
 * settles it. A payment settled meanwhile (the notification came first)
 * answers what it became.
 */
async function settleReceived(db: Db, transactionId: string, providerReference: string): Promise<PaymentOutcome> {
  const [held] = await db
    .update(transactions)
    .set({ ...moveSet('unsettle'), providerReference, updatedAt: now() })
    .where(moveWhere(transactionId, 'unsettle'))
    .returning({ id: transactions.id });
  if (held) {
    console.info(
      JSON.stringify({
        level: 'info',
        message: 'processor received the payment and decides later; payment left unsettled',
        transaction_id: transactionId,
        provider_reference: providerReference,
      }),
    );
    return { outcome: 'unsettled', transactionId };
  }
  const [current] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (current?.status === 'COMPLETE' || current?.status === 'PENDING')
    return { outcome: 'paid', transactionId, status: current.status };
  if (current?.status === 'DECLINED')
    return { outcome: 'declined', transactionId, reason: current.failureReason ?? 'declined' };
  return { outcome: 'failed', transactionId, reason: current?.failureReason ?? 'payment_no_longer_in_progress' };
}

/**
 * A processor call that did not give an answer. ProcessorOutcomeUnknown (a
 * timeout or an unclear answer after the request was sent), or any error that
 * is not the processor's own refusal (recording its answer failed, say): the
 * processor may have taken the money, so the transaction stays PAYMENTINPROGRESS at stage
 * 'unsettled' (still the link's one live payment) until the runner asks the
 * processor. Anything else: the processor said it failed, nothing was taken,
 * the attempt is FAILED and `retryable` says whether a later attempt may work;
 * a transient refusal is recorded as `processor_unavailable`, so a re-read of
 * the transaction (a retried idempotency key) still knows it may be retried.
 */
export async function settleFailure(db: Db, transactionId: string, error: unknown): Promise<PaymentOutcome> {
  if (!(error instanceof ProcessorError)) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'processor outcome unknown; payment left unsettled',
        transaction_id: transactionId,
        error: describeErrorSafely(error),
      }),
    );
    await db
      .update(transactions)
      .set({ ...moveSet('unsettle'), updatedAt: now() })
      .where(moveWhere(transactionId, 'unsettle'));
    return { outcome: 'unsettled', transactionId };
  }
  console.error(
    JSON.stringify({
      level: 'error',
      message: 'processor call failed',
      transaction_id: transactionId,
      error: describeErrorSafely(error),
    }),
  );
  const retryable = error.transient;
  const reason = retryable ? TRANSIENT_FAILURE_REASON : 'processor_error';
  await db
    .update(transactions)
    .set({ ...moveSet('fail'), failureReason: reason, updatedAt: now() })
    .where(moveWhere(transactionId, 'fail'));
  return { outcome: 'failed', transactionId, reason, retryable };
}

/** The failure reason of a transaction the processor failed transiently (nothing taken; may work later). */
export const TRANSIENT_FAILURE_REASON = 'processor_unavailable';
