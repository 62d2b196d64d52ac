import { eq } from 'drizzle-orm';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { describeErrorSafely } from '@/lib/http/safe-error-log';
import { claimSet, finishModification } from '../transactions/finish-modification';
import { moveWhere } from '../transactions/transaction-lifecycle';
import type { PaymentOutcome } from './settle-payment';

/**
 * Captures a production wallet's authorisation its card rules allowed (wallet-decision.ts), through the same claim as
 * an API capture (claimCapture, then finishModification under `<id>:capture`: Adyen's
 * `POST /payments/{paymentPspReference}/captures`, CheckoutService-v71.json, answers `received` and CAPTURE settles
 * it; the sandbox makes it at once). A capture that fails or whose answer is lost keeps its claim: the
 * stuck-modifications step sends it again under the same key, and alerts the organisation when the processor refuses
 * it for good. The customer's payment is taken either way: the answer is `paid`, COMPLETE or PENDING until CAPTURE.
 */
export async function captureAllowedWallet(db: Db, id: string): Promise<PaymentOutcome> {
  const [claimed] = await db
    .update(transactions)
    .set(claimSet('complete'))
    .where(moveWhere(id, 'claimCapture'))
    .returning();
  if (claimed) {
    try {
      await finishModification(db, claimed, 'complete');
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'capture of an allowed wallet payment not settled; left for the runner',
          transaction_id: id,
          error: describeErrorSafely(error),
        }),
      );
    }
  }
  const [row] = await db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, id));
  return { outcome: 'paid', transactionId: id, status: row?.status === 'COMPLETE' ? 'COMPLETE' : 'PENDING' };
}
