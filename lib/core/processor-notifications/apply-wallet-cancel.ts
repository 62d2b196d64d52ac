import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { refusedWalletCancelFailed } from '../payments/wallet-cancel';
import { moveSet, moveWhere } from '../transactions/transaction-lifecycle';
import { applied, ignored, type ApplyOutcome, type ClaimedNotification } from './apply-outcome';

/**
 * CANCEL_OR_REFUND for the cancel of a wallet authorisation its card rules refused (REJECTED/reversing,
 * wallet-decision.ts). Success: the authorisation is released, REJECTED. Failure: still held at the processor, so the
 * cancel is sent again by the stuck-modifications step under a new key, or, after a few refusals, ended with the
 * organisation told (wallet-cancel.ts). No event: the interface saw REJECTED all along.
 */
export async function applyRefusedWalletCancel(
  db: Db,
  n: ClaimedNotification,
  row: typeof transactions.$inferSelect,
): Promise<ApplyOutcome> {
  if (row.stage !== 'reversing') return ignored('cancel of a refused wallet payment: already recorded');
  if (!n.item.success) {
    const next = await refusedWalletCancelFailed(db, row, n.item.reason || 'no reason given');
    if (next === 'retry') return applied('cancel of a refused wallet payment failed: sent again by the runner');
    if (next === 'ended') return applied('cancel of a refused wallet payment failed for good: organisation alerted');
    return ignored('cancel of a refused wallet payment: already recorded');
  }
  return db.transaction(async (tx) => {
    const [released] = await tx
      .update(transactions)
      .set({ ...moveSet('rejectedReleased'), modificationSentAt: null, updatedAt: now() })
      .where(moveWhere(row.id, 'rejectedReleased'))
      .returning({ id: transactions.id });
    const outcome = released
      ? applied('refused wallet payment: authorisation cancelled')
      : ignored('cancel of a refused wallet payment: already recorded');
    await n.record(tx, outcome);
    return outcome;
  });
}
