import { inArray, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { reconcilePayment } from '@/lib/core/payments/reconcile-payment';
import {
  NO_PROCESSOR_ANSWER,
  raiseUnresolvedPayment,
  UNRESOLVED_AFTER_MS,
} from '@/lib/core/payments/unresolved-payment';
import { claimRows } from './claim';
import { moveSet, stateIn } from '@/lib/core/transactions/transaction-lifecycle';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

/** A payment in progress this long (left at 3-D Secure or the bank, or its process died) is asked about. */
export const STALE_AFTER_MS = 30 * 60 * 1000;
/** An unsettled payment is first asked about after a minute, then after as long again as it has been waiting (doubling), at most hourly. */
export const FIRST_CHECK_MS = 60 * 1000;
export const MAX_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The runner asks before it abandons. It claims, in SQL (FOR UPDATE SKIP
 * LOCKED, so one worker per payment), payments that are unsettled and due
 * for a check, and payments still in progress after 30 minutes (any kind:
 * checkout card or bank payments, saved-card charges); the claim marks them
 * 'unsettled' and stamps updated_at, which is also the back-off clock. Then
 * each is reconciled with the processor's answer (reconcile-payment.ts): only
 * a positive "nothing was taken" abandons a payment and frees its link; a
 * query that fails leaves it unsettled until the next check.
 *
 * Every unsettled state has a bounded end: a payment still without an answer
 * UNRESOLVED_AFTER_MS (a day) after it was sent raises one alert to its
 * organisation (unresolved-payment.ts), is marked `failure_reason =
 * 'no_processor_answer'` and is not claimed again; it stays unsettled, its
 * link locked, until the processor's notification settles it (Adyen, which
 * has no status query, is only ever settled that way: AUTHORISATION or
 * OFFER_CLOSED).
 */
export async function reconcileStalePayments(
  db: Db,
  limit = 20,
): Promise<{ resolved: number; abandoned: number; unresolved: number }> {
  const at = now();
  const stamp = at.toISOString();
  const claimed = await claimRows<{ id: string }>(db, {
    table: sql`transactions`,
    where: sql`${stateIn('unsettle')} and (
      (stage = 'unsettled' and failure_reason is distinct from ${NO_PROCESSOR_ANSWER} and updated_at <= ${stamp}::timestamptz - greatest(
        ${`${FIRST_CHECK_MS} milliseconds`}::interval, least(${`${MAX_CHECK_INTERVAL_MS} milliseconds`}::interval, updated_at - created_at)))
      or (stage is distinct from 'unsettled' and created_at < ${new Date(at.getTime() - STALE_AFTER_MS).toISOString()}::timestamptz))`,
    orderBy: sql`updated_at`,
    set: sql`stage = ${moveSet('unsettle').stage}, updated_at = ${stamp}::timestamptz`,
    limit,
  });
  if (claimed.length === 0) return { resolved: 0, abandoned: 0, unresolved: 0 };
  const rows = await db
    .select()
    .from(transactions)
    .where(
      inArray(
        transactions.id,
        claimed.map((c) => c.id),
      ),
    );
  let resolved = 0;
  let abandoned = 0;
  let unresolved = 0;
  for (const row of rows) {
    const outcome = await reconcilePayment(db, row).catch((error: unknown) => {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'reconciling a payment failed; asking again later',
          transaction_id: row.id,
          error: describeErrorSafely(error),
        }),
      );
      return 'unknown' as const;
    });
    if (outcome === 'abandoned') abandoned += 1;
    else if (outcome !== 'unknown') resolved += 1;
    else if (at.getTime() - row.createdAt.getTime() >= UNRESOLVED_AFTER_MS && (await raiseUnresolvedPayment(db, row)))
      unresolved += 1;
  }
  return { resolved, abandoned, unresolved };
}
