import type { Db } from '@/lib/db/types';
import { renderPayerReceipt } from '@/lib/core/receipts/payer-receipt';
import { claimEmailsToWrite, finishUnwritable, finishWritten } from '@/lib/email/claim-to-write';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

/**
 * Writes the receipts the runner's grouped collections queued without words (render_later), just before the
 * outbox is delivered in the same pass. Each is written from its payment's row as it is now, exactly as a receipt
 * queued at once would have been. A receipt that fails to render keeps its claim and is tried again after the
 * lease (claim-to-write.ts); answers how many were written.
 */
export async function writeQueuedReceipts(db: Db, limit: number): Promise<number> {
  let written = 0;
  for (const email of await claimEmailsToWrite(db, limit)) {
    try {
      const receipt = await renderPayerReceipt(db, email.renderLater.transactionId);
      if (!receipt) await finishUnwritable(db, email, 'The payment has no payer email address any more.');
      else {
        await finishWritten(db, email, receipt);
        written += 1;
      }
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'receipt not written',
          email: email.id,
          error: describeErrorSafely(error),
        }),
      );
    }
  }
  return written;
}
