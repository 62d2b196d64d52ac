import { eq, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { notifyOrganisation } from '@/lib/email/notify-organisation';
import { claimedState, finishModification, type Modification } from '@/lib/core/transactions/finish-modification';
import { ProcessorError } from '@/lib/payments/processor';
import { claimRows } from './claim';
import { cancelRefusedWallet, refusedWalletCancelFailed } from '@/lib/core/payments/wallet-cancel';
import { moveSet, moveWhere } from '@/lib/core/transactions/transaction-lifecycle';
import { describeErrorSafely, safeErrorText } from '@/lib/http/safe-error-log';

/** A capture or reverse claimed this long ago and never finished belongs to a process that died. */
const STUCK_AFTER_MS = 10 * 60 * 1000;

/**
 * Finishes captures and reverses whose process died (or whose record failed)
 * between claiming the authorisation and recording the processor's answer. The
 * processor is asked again with the same idempotency key, so it answers the
 * first call's result rather than moving money twice. A claim the processor
 * has received (modification_sent_at) waits for its notification instead.
 * A transient or unclear failure is tried again later; a permanent one
 * (a ProcessorError not marked transient: a retry fails the same way) ends
 * the claim: released with the failure recorded and the organisation alerted,
 * so it is not retried forever and the 7-day expiry can release the payment.
 * The cancel of a refused wallet authorisation (REJECTED/reversing) is finished the same way (wallet-cancel.ts).
 */
export async function finishStuckModifications(db: Db, limit = 20): Promise<number> {
  const at = now();
  const claimed = await claimRows<{ id: string }>(db, {
    table: sql`transactions`,
    // A refused wallet's cancel (REJECTED/reversing, wallet-cancel.ts) too: its authorisation is held until it lands.
    where: sql`(status = 'PENDING' and stage in ('capturing', 'reversing') or status = 'REJECTED' and stage = 'reversing')
      and modification_sent_at is null
      and updated_at < ${new Date(at.getTime() - STUCK_AFTER_MS).toISOString()}::timestamptz`,
    orderBy: sql`updated_at`,
    set: sql`updated_at = ${at.toISOString()}::timestamptz`,
    limit,
  });
  let finished = 0;
  for (const { id } of claimed) {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
    if (row!.status === 'REJECTED') {
      if (await finishRefusedWalletCancel(db, row!)) finished += 1;
      continue;
    }
    const action: Modification = row!.stage === 'capturing' ? 'complete' : 'reverse';
    try {
      await finishModification(db, row!, action);
      finished += 1;
    } catch (error) {
      if (error instanceof ProcessorError && !error.transient) {
        await endClaim(db, row!, action, error);
        continue;
      }
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'stuck capture/reverse not finished; retrying later',
          transaction_id: id,
          error: describeErrorSafely(error),
        }),
      );
    }
  }
  return finished;
}

/** A refused wallet's cancel sent again; a refusal that will not change counts as a failed cancel (wallet-cancel.ts). */
async function finishRefusedWalletCancel(db: Db, row: typeof transactions.$inferSelect): Promise<boolean> {
  try {
    await cancelRefusedWallet(db, row);
    return true;
  } catch (error) {
    if (error instanceof ProcessorError && !error.transient)
      await refusedWalletCancelFailed(db, row, safeErrorText(error));
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'cancel of a refused wallet authorisation not finished; retrying later',
        transaction_id: row.id,
        error: describeErrorSafely(error),
      }),
    );
    return false;
  }
}

/** Releases a claim the processor refused for good: PENDING again, `failure_reason` says which, and the organisation is told. */
async function endClaim(
  db: Db,
  row: typeof transactions.$inferSelect,
  action: Modification,
  error: ProcessorError,
): Promise<void> {
  const what = action === 'complete' ? 'capture' : 'reverse';
  const reason = safeErrorText(error);
  console.error(
    JSON.stringify({
      level: 'error',
      message: `stuck ${what} refused by the processor; claim released`,
      transaction_id: row.id,
      error: reason,
    }),
  );
  await db.transaction(async (tx) => {
    const [released] = await tx
      .update(transactions)
      .set({ ...moveSet('releaseClaim'), modificationSentAt: null, failureReason: `${what}_failed`, updatedAt: now() })
      .where(moveWhere(row.id, 'releaseClaim', [claimedState(action)]))
      .returning();
    if (!released) return;
    await notifyOrganisation(tx, released.organisationId, {
      kind: `${what}_failed`,
      amount: released.amount,
      currency: released.currency,
      transactionId: released.id,
      reason,
    });
  });
}
