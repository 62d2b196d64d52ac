import { eq, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { claimedState, finishModification } from '@/lib/core/transactions/finish-modification';
import { ProcessorError } from '@/lib/payments/processor';
import { claimRows } from './claim';
import { moveSet, moveWhere, stateIn } from '@/lib/core/transactions/transaction-lifecycle';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

/** An uncaptured authorisation lapses after about 7 days (service-interface.md, Limits). */
export const AUTHORISATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Releases PENDING authorisations older than 7 days: claimed like a manual
 * reverse (with `failure_reason` authorisation_expired, which the REVERSED
 * record keeps however it is settled), then REVERSED, at once or, when the
 * processor only received the reverse (Adyen), on its CANCEL_OR_REFUND.
 */
export async function reverseExpiredAuthorisations(db: Db, limit = 50): Promise<number> {
  const at = now();
  const claimed = await claimRows<{ id: string }>(db, {
    table: sql`transactions`,
    where: sql`${stateIn('claimReverse')} and authorised_at < ${new Date(at.getTime() - AUTHORISATION_LIFETIME_MS).toISOString()}::timestamptz`,
    orderBy: sql`authorised_at`,
    set: sql`stage = ${moveSet('claimReverse').stage}, modification_attempts = modification_attempts + 1, failure_reason = 'authorisation_expired', updated_at = ${at.toISOString()}::timestamptz`,
    limit,
  });
  let reversed = 0;
  for (const { id } of claimed) {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
    try {
      await finishModification(db, row!, 'reverse');
      reversed += 1;
    } catch (error) {
      // Hand the claim back when the processor said it did nothing: the next run tries again. Otherwise it may
      // have acted (or our record of its answer failed): the claim stays 'reversing' and the stuck-modifications
      // step finishes it under the same key.
      if (error instanceof ProcessorError) {
        await db
          .update(transactions)
          .set({ ...moveSet('releaseClaim'), failureReason: null })
          .where(moveWhere(id, 'releaseClaim', [claimedState('reverse')]));
      }
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'expired authorisation not reversed',
          transaction_id: id,
          error: describeErrorSafely(error),
        }),
      );
    }
  }
  return reversed;
}
