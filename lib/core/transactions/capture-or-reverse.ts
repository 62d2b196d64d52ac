import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { ProcessorError } from '@/lib/payments/processor';
import { claimedState, claimMove, claimSet, finishModification, type Modification } from './finish-modification';
import { moveSet, moveWhere } from './transaction-lifecycle';
import { findAccessibleTransaction, refundedAmounts, selectTransactions } from './transaction-query';
import { serializeTransaction } from './serialize-transaction';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

/**
 * Captures (complete) or releases (reverse) a pre-authorisation. The claim is
 * one conditional UPDATE (PENDING and not already claimed), so a capture racing
 * a reverse, or two captures, have exactly one winner; the loser answers 409.
 * The processor is asked outside any database transaction. Only a
 * ProcessorError (the processor said it did nothing) hands the claim back,
 * leaving the authorisation PENDING. Anything else keeps the claim, so nothing
 * (a reverse, the 7-day expiry) can cross it, for the stuck-modifications step
 * to finish under the same idempotency key: an unknown outcome (timeout), and
 * a failure after the processor answered (the database), which must never be
 * read as "the processor failed": a capture made and then handed back would let
 * a later reverse release (or refund) a captured payment.
 * Adyen only receives the request: the answer is then the transaction still
 * PENDING, settled by the processor's notification.
 */
export async function captureOrReverse(db: Db, actor: Actor, transactionId: string, action: Modification) {
  requireRole(actor, 'booking-and-payment:create:payment');
  await findAccessibleTransaction(db, actor, transactionId);
  const [claimed] = await db
    .update(transactions)
    .set(claimSet(action))
    .where(moveWhere(transactionId, claimMove(action)))
    .returning();
  if (!claimed) {
    const current = await findAccessibleTransaction(db, actor, transactionId);
    throw new AppError(
      'transaction.not_pending',
      `Only a PENDING authorisation can be ${action === 'complete' ? 'completed' : 'reversed'}; this transaction is ${current.stage ? `being ${current.stage.replace('ing', 'ed')}` : current.status}.`,
    );
  }
  try {
    await finishModification(db, claimed, action, { actor });
  } catch (error) {
    const what = action === 'complete' ? 'capture' : 'reverse';
    if (!(error instanceof ProcessorError)) {
      // The processor may have acted (or did, and our record of it failed): keep the claim for the runner.
      console.error(
        JSON.stringify({
          level: 'error',
          message: `processor ${action} not settled; left for the runner`,
          transaction_id: transactionId,
          error: describeErrorSafely(error),
        }),
      );
      throw new AppError(
        'payment.processor_unavailable',
        `The ${what} could not be confirmed; it is being confirmed and will be finished automatically.`,
      );
    }
    await db
      .update(transactions)
      .set({ ...moveSet('releaseClaim'), updatedAt: now() })
      .where(moveWhere(transactionId, 'releaseClaim', [claimedState(action)]));
    console.error(
      JSON.stringify({
        level: 'error',
        message: `processor ${action} failed`,
        transaction_id: transactionId,
        error: describeErrorSafely(error),
      }),
    );
    throw new AppError(
      'payment.processor_unavailable',
      `The processor could not ${action} the authorisation; it is still PENDING.`,
    );
  }
  const [row] = await selectTransactions(db).where(eq(transactions.id, transactionId));
  const refunded = await refundedAmounts(db, [transactionId]);
  return serializeTransaction(row!.transaction, {
    bookingReference: row!.bookingReference,
    refundedAmount: refunded.get(transactionId) ?? 0,
  });
}
