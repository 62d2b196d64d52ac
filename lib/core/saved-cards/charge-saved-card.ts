import { and, eq } from 'drizzle-orm';
import { savedCards, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { isoCurrency } from '@/lib/money';
import { processorFor, type FinalResult, type StoredCardUse } from '@/lib/payments/processor';
import type { AuditActor } from '../audit/record-audit';
import { isUniqueViolation } from '../shared/sql-helpers';
import {
  settleAuthorisation,
  settleFailure,
  TRANSIENT_FAILURE_REASON,
  type PaymentOutcome,
} from '../payments/settle-payment';
import { processorMoney } from '../payments/processor-money';

export type SavedCardCharge = {
  savedCard: typeof savedCards.$inferSelect;
  amount: number;
  currency: string;
  capture: boolean;
  /** One key per intended charge (an API Idempotency-Key, or a scheduled payment id): a retry finds the first attempt. */
  idempotencyKey: string;
  method: 'MOTO_OTHER' | 'ONLINE';
  /** A charge on a date agreed in advance (`scheduled`), or one the merchant makes now (`unscheduled`): see StoredCardUse. */
  use: StoredCardUse;
};

/**
 * Charges a saved card without the customer present. The transaction is
 * written first under a unique idempotency key, and the processor is called
 * with that key too, so a retry after a crash or timeout never charges twice:
 * it either finds the finished transaction or finishes the same one. An
 * unknown outcome (timeout), or one the processor decides later (Received),
 * is `unsettled`: the notification or the runner settles it; a processor
 * failure is `failed` with `retryable` when it was transient.
 */
export async function chargeSavedCard(
  db: Db,
  charge: SavedCardCharge,
  actor: AuditActor | null = null,
): Promise<PaymentOutcome> {
  const card = charge.savedCard;
  let transactionId: string;
  let sent = { amount: charge.amount, currency: isoCurrency(charge.currency) };
  try {
    const [created] = await db
      .insert(transactions)
      .values({
        organisationId: card.organisationId,
        bookingId: card.bookingId,
        savedCardId: card.id,
        amount: charge.amount,
        currency: charge.currency,
        status: 'PAYMENTINPROGRESS',
        stage: 'authorising',
        type: 'CARD',
        method: charge.method,
        idempotencyKey: charge.idempotencyKey,
        processorAmount: charge.amount,
        processorCurrency: isoCurrency(charge.currency),
        cardBrand: card.cardBrand,
        cardLastFour: card.lastFour,
        cardBin: card.bin,
        cardType: card.funding,
        binType: card.cardClass,
        issuingCountry: card.issuingCountry,
        cardholderName: card.cardholderName,
      })
      .returning({ id: transactions.id });
    transactionId = created!.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [earlier] = await db
      .select()
      .from(transactions)
      .where(eq(transactions.idempotencyKey, charge.idempotencyKey));
    if (earlier!.status !== 'PAYMENTINPROGRESS') return outcomeOfTransaction(earlier!);
    transactionId = earlier!.id;
    sent = processorMoney(earlier!);
  }
  // A retry resends exactly what the first attempt sent, under the same key.
  return sendSavedCardCharge(
    db,
    card.processorToken,
    { transactionId, sent, capture: charge.capture, use: charge.use },
    (result) => settleAuthorisation(db, transactionId, result, actor),
  );
}

/**
 * Calls the processor for a charge whose PAYMENTINPROGRESS transaction is
 * written (keyed by that transaction's id) and records the answer with
 * `settle`; a processor failure or an unknown outcome goes to settleFailure.
 * The runner opens its charges in batches and settles them its own way.
 */
export async function sendSavedCardCharge(
  db: Db,
  token: string,
  opened: { transactionId: string; sent: { amount: number; currency: string }; capture: boolean; use: StoredCardUse },
  settle: (result: FinalResult) => Promise<PaymentOutcome>,
): Promise<PaymentOutcome> {
  const { transactionId } = opened;
  let result: FinalResult;
  try {
    result = await processorFor(db).chargeStoredCard({
      token,
      reference: transactionId,
      ...opened.sent,
      capture: opened.capture,
      use: opened.use,
      idempotencyKey: transactionId,
    });
  } catch (error) {
    return settleFailure(db, transactionId, error);
  }
  try {
    return await settle(result);
  } catch (error) {
    // Recording the answer failed: the processor may have taken it, so the payment stays unsettled for the runner.
    return settleFailure(db, transactionId, error);
  }
}

/** What a finished saved-card transaction answered (a retried key is answered from it). */
export function outcomeOfTransaction(t: typeof transactions.$inferSelect): PaymentOutcome {
  if (t.status === 'COMPLETE' || t.status === 'PENDING')
    return { outcome: 'paid', transactionId: t.id, status: t.status };
  if (t.status === 'DECLINED')
    return { outcome: 'declined', transactionId: t.id, reason: t.failureReason ?? 'declined' };
  if (t.failureReason === TRANSIENT_FAILURE_REASON)
    return { outcome: 'failed', transactionId: t.id, reason: t.failureReason, retryable: true };
  return { outcome: 'failed', transactionId: t.id, reason: t.failureReason ?? t.status.toLowerCase() };
}

export async function findSavedCard(db: Db, bookingId: string, savedCardId: string) {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, savedCardId), eq(savedCards.bookingId, bookingId)));
  return card && !card.deletedAt ? card : undefined;
}
