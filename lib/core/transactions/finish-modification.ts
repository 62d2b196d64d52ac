import { and, eq, isNull, or } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db, Tx } from '@/lib/db/types';
import { emitTransactionEvent, reopenLinksOfReversed } from '@/lib/events/transaction-events';
import { processorFor } from '@/lib/payments/processor';
import { recordAudit, SERVICE_ACTOR } from '../audit/record-audit';
import { unsettleCoveredLinks } from '../groups/settle-member-payment';
import { processorMoney } from '../payments/processor-money';

export type Modification = 'complete' | 'reverse';

/**
 * The second half of a capture or reverse, once the authorisation is claimed
 * (stage 'capturing' or 'reversing'): asks the processor under the
 * transaction's own idempotency key, so a retry never moves money twice, then
 * records COMPLETE or REVERSED with its audit record. A processor failure
 * throws and leaves the claim as it is, for the caller to hand back or retry.
 */
export async function finishModification(
  db: Db,
  row: typeof transactions.$inferSelect,
  action: Modification,
  { actor = null, failureReason }: { actor?: Actor | null; failureReason?: string } = {},
): Promise<void> {
  const processor = processorFor(db);
  if (action === 'complete') {
    // In what the authorisation was sent in: a DCC payment is captured in the card's currency.
    await processor.capture({ providerReference: row.providerReference!, ...processorMoney(row), idempotencyKey: `${row.id}:capture` });
  } else {
    await processor.reverse({ providerReference: row.providerReference!, idempotencyKey: `${row.id}:reverse` });
  }
  await recordModification(db, row, action, { actor, ...(failureReason ? { failureReason } : {}) });
}

/**
 * Records a capture (COMPLETE) or reverse (REVERSED) the processor has made,
 * with its audit record, once: guarded on the claim (stage 'capturing' or
 * 'reversing'), or with `unclaimed` also on a PENDING authorisation nobody
 * claimed (a processor notification of a modification made elsewhere).
 * `onRecorded` runs in the same transaction. Answers whether it recorded.
 */
export async function recordModification(
  db: Db,
  row: typeof transactions.$inferSelect,
  action: Modification,
  { actor = null, failureReason, unclaimed = false, onRecorded }: { actor?: Actor | null; failureReason?: string; unclaimed?: boolean; onRecorded?: (tx: Tx) => Promise<void> } = {},
): Promise<boolean> {
  const claim = action === 'complete' ? 'capturing' : 'reversing';
  return db.transaction(async (tx) => {
    const done = await tx.update(transactions)
      .set(action === 'complete'
        ? { status: 'COMPLETE', stage: null, completedAt: now(), updatedAt: now() }
        : { status: 'REVERSED', stage: null, updatedAt: now(), ...(failureReason ? { failureReason } : {}) })
      .where(and(eq(transactions.id, row.id), unclaimed
        ? and(eq(transactions.status, 'PENDING'), or(eq(transactions.stage, claim), isNull(transactions.stage)))
        : eq(transactions.stage, claim)))
      .returning();
    const moved = done[0];
    if (!moved) return false;
    if (action === 'reverse') {
      // Its link and the links it had settled can be paid again, or expire (their expiry is announced again).
      await reopenLinksOfReversed(tx, moved);
      // A reversed payment of several instalments pays none of them any more (docs/groups.md).
      await unsettleCoveredLinks(tx, row.id);
    }
    // Without an API key it is the runner (expiry, crash recovery) or the processor's notification acting.
    await recordAudit(tx, actor ?? SERVICE_ACTOR, { organisationId: row.organisationId, type: action === 'complete' ? 'transaction:complete' : 'transaction:reverse', entityId: row.id });
    if (onRecorded) await onRecorded(tx);
    await emitTransactionEvent(tx, moved);
    return true;
  });
}
