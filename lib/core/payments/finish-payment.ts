import { eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { processorFor } from '@/lib/payments/processor';
import { captureIntent } from './reconcile-payment';
import type { CardPaymentOutcome } from './pay-by-card';
import { settleAuthorisation, settleFailure } from './settle-payment';
import { decideLateWallet } from './wallet-late-decision';
import { moveSet, moveWhere } from '../transactions/transaction-lifecycle';

async function inProgress(db: Db, transactionId: string, stage: 'challenge' | 'bank') {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row) throw notFound('Transaction');
  // No providerReference is normal for a redirect whose first answer named none (port.ts): the finish is keyed by our id.
  if (row.status !== 'PAYMENTINPROGRESS' || row.stage !== stage) {
    throw new AppError('payment.not_in_progress', `This payment is ${row.status.toLowerCase()} and cannot continue.`);
  }
  return row;
}

/**
 * The customer came back from the 3-D Secure challenge: the processor decides, and the outcome lands once, with
 * the processor's reference from its answer (recorded even when the challenge's answer named none).
 */
export async function finishCardChallenge(
  db: Db,
  transactionId: string,
  payload: Record<string, string>,
): Promise<CardPaymentOutcome> {
  const row = await inProgress(db, transactionId, 'challenge');
  try {
    const capture = await captureIntent(db, row);
    const result = await processorFor(db).finishChallenge({
      providerReference: row.providerReference,
      reference: row.id,
      capture,
      payload,
    });
    // A wallet judged on the processor's answer (wallet-decision.ts): its authorisation is judged, not taken as is.
    if (row.decidesAfterAuthorisation && result.status === 'authorised') return await decideLateWallet(db, row, result);
    return await settleAuthorisation(db, transactionId, result);
  } catch (error) {
    if (error instanceof AppError) throw error;
    return settleFailure(db, transactionId, error);
  }
}

/**
 * The customer cancelled, or left the 3-D Secure or bank step: the attempt
 * becomes ABANDONED and the link can be paid again. An attempt already being
 * authorised is left alone, so cancel can never race a charge.
 */
export async function abandonPayment(db: Db, transactionId: string): Promise<boolean> {
  const rows = await db
    .update(transactions)
    .set({ ...moveSet('abandonByCustomer'), failureReason: 'abandoned', updatedAt: now() })
    .where(moveWhere(transactionId, 'abandonByCustomer'))
    .returning({ id: transactions.id });
  return rows.length > 0;
}
