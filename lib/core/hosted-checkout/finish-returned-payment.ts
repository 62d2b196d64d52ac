import { eq } from 'drizzle-orm';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { finishCardChallenge } from '../payments/finish-payment';
import { finishOpenBankingPayment } from '../payments/open-banking';

/**
 * The customer is back from 3-D Secure or the bank with a transaction id.
 * The id must be an attempt of this link (a stray id changes nothing). An
 * attempt already settled (the sandbox decides on its own page; a refresh of
 * the return address) is not an error: the state table shows its outcome.
 */
export async function finishReturnedPayment(db: Db, linkId: string, transactionId: string, payload: Record<string, string>): Promise<void> {
  const [row] = await db.select({ linkId: transactions.paymentLinkId, type: transactions.type, status: transactions.status })
    .from(transactions).where(eq(transactions.id, transactionId));
  if (!row || row.linkId !== linkId || row.status !== 'PAYMENTINPROGRESS') return;
  try {
    if (row.type === 'OPEN_BANKING') await finishOpenBankingPayment(db, transactionId);
    else await finishCardChallenge(db, transactionId, payload);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}
