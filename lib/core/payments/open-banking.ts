import { and, eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { isoCurrency } from '@/lib/money';
import { processorFor, type Processor } from '@/lib/payments/processor';
import { paymentActor } from '../audit/payment-actor';
import { recordAudit } from '../audit/record-audit';
import { settleMemberPayment } from '../groups/settle-member-payment';
import { emitPaymentEvents } from '@/lib/events/transaction-events';
import { queuePayerReceipt } from '../receipts/payer-receipt';
import { methodNotAccepted, paymentBeingConfirmed } from './payment-errors';
import { payableSelection } from './member-coverage';
import { settleAuthorisation, settleFailure, type PaymentOutcome } from './settle-payment';
import { moveSet, moveWhere } from '../transactions/transaction-lifecycle';
import { startTransaction } from './start-transaction';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

/**
 * Sends the customer to their bank: a PAYMENTINPROGRESS transaction waits for
 * the bank's answer. A group member may pay several instalments at once, as by card.
 */
export async function startOpenBankingPayment(
  db: Db,
  input: {
    checkoutId: string;
    coveredLinkIds?: readonly string[];
    returnUrl: string;
    ipAddress?: string | null;
    /** The page's language (the receipt's). */
    locale?: string | null;
  },
) {
  const { link } = await payableSelection(db, input.checkoutId, input.coveredLinkIds);
  if (!link.openBankingEnabled) throw methodNotAccepted('Open banking');
  const sent = { amount: link.amount, currency: isoCurrency(link.currency) };
  const { id } = await startTransaction(db, {
    checkoutId: link.id,
    coveredLinkIds: input.coveredLinkIds,
    amount: link.amount,
    surcharge: 0,
    type: 'OPEN_BANKING',
    stage: 'bank',
    method: 'ONLINE',
    storeCard: false,
    dcc: null,
    processor: sent,
    ipAddress: input.ipAddress,
    locale: input.locale,
  });
  try {
    const started = await processorFor(db).startOpenBanking({
      reference: id,
      ...sent,
      returnUrl: input.returnUrl,
      idempotencyKey: id,
    });
    if (started.status === 'received') {
      // Taken without a bank redirect, decided later: unsettled, the link locked until the notification or the runner settles it.
      await settleAuthorisation(db, id, started);
      throw paymentBeingConfirmed();
    }
    await db
      .update(transactions)
      .set({ providerReference: started.providerReference, updatedAt: now() })
      .where(eq(transactions.id, id));
    return { transactionId: id, redirectUrl: started.redirectUrl };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((await settleFailure(db, id, error)).outcome === 'unsettled') {
      throw new AppError(
        'payment.processor_unavailable',
        'The bank did not answer in time. The payment is being confirmed; nothing more can be paid on this link until it is.',
      );
    }
    throw new AppError(
      'payment.processor_unavailable',
      'The bank could not be reached. Nothing was taken; please try again.',
    );
  }
}

/**
 * The customer is back from the bank: asks the processor with what the bank sent back (`payload`, Adyen's
 * `redirectResult`) and records the outcome once, with the processor's reference when its answer gives one.
 * Asking is not paying: no payload, an answer that is not final, or a question that fails (unclear, refused,
 * unreachable) says nothing of the payment, which stays in progress at the bank (`pending`), never FAILED: the
 * customer may have paid. Its AUTHORISATION notification, or the runner after 30 minutes, settles it.
 */
export async function finishOpenBankingPayment(
  db: Db,
  transactionId: string,
  payload: Record<string, string> = {},
): Promise<
  PaymentOutcome | { outcome: 'pending'; transactionId: string } | { outcome: 'abandoned'; transactionId: string }
> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.type, 'OPEN_BANKING')));
  if (!row) throw notFound('Transaction');
  if (row.status !== 'PAYMENTINPROGRESS')
    throw new AppError('payment.not_in_progress', `This payment is ${row.status.toLowerCase()}.`);
  let answer: Awaited<ReturnType<Processor['finishOpenBanking']>>;
  try {
    answer = await processorFor(db).finishOpenBanking({
      providerReference: row.providerReference,
      reference: row.id,
      payload,
    });
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'bank outcome not known on return; payment left in progress',
        transaction_id: transactionId,
        error: describeErrorSafely(error),
      }),
    );
    return { outcome: 'pending', transactionId };
  }
  const providerReference = answer.providerReference ?? row.providerReference;
  if (answer.status === 'pending') return { outcome: 'pending', transactionId };
  if (answer.status === 'abandoned') {
    // The bank's own word that the customer left (Adyen: Cancelled): nothing was taken.
    await db
      .update(transactions)
      .set({
        ...moveSet('abandonUnsettled'),
        failureReason: 'abandoned_at_bank',
        ...(providerReference ? { providerReference } : {}),
        updatedAt: now(),
      })
      .where(moveWhere(transactionId, 'abandonUnsettled'));
    return { outcome: 'abandoned', transactionId };
  }
  if (answer.status === 'declined')
    return settleAuthorisation(db, transactionId, {
      status: 'declined',
      providerReference,
      reason: 'declined_by_bank',
    });
  return settleOpenBanking(db, transactionId, undefined, providerReference);
}

/**
 * Bank payments are captured when the customer approves them: COMPLETE at once.
 * `onSettled` runs in the same transaction (a processor notification records itself there).
 */
export async function settleOpenBanking(
  db: Db,
  transactionId: string,
  onSettled?: (tx: Executor) => Promise<void>,
  providerReference?: string | null,
): Promise<PaymentOutcome> {
  const settled = await db.transaction(async (tx) => {
    // The processor's reference, when the answer or the notification gives one: a start that named none is completed here.
    const reference = providerReference ? { providerReference } : {};
    const [row] = await tx
      .update(transactions)
      .set({ ...moveSet('pay'), ...reference, authorisedAt: now(), completedAt: now(), updatedAt: now() })
      .where(moveWhere(transactionId, 'pay'))
      .returning();
    if (!row) return row;
    await recordAudit(tx, await paymentActor(tx, row.paymentLinkId), {
      organisationId: row.organisationId,
      type: 'transaction:payment',
      entityId: transactionId,
    });
    await settleMemberPayment(tx, row, null);
    if (onSettled) await onSettled(tx);
    await queuePayerReceipt(tx, transactionId);
    await emitPaymentEvents(tx, row);
    return row;
  });
  if (!settled) throw new AppError('payment.not_in_progress', 'This payment was already settled.');
  return { outcome: 'paid', transactionId, status: 'COMPLETE' };
}
