import { and, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
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
  await db.transaction(async (tx) => {
    const done = await tx.update(transactions)
      .set(action === 'complete'
        ? { status: 'COMPLETE', stage: null, completedAt: now(), updatedAt: now() }
        : { status: 'REVERSED', stage: null, updatedAt: now(), ...(failureReason ? { failureReason } : {}) })
      .where(and(eq(transactions.id, row.id), eq(transactions.stage, action === 'complete' ? 'capturing' : 'reversing')))
      .returning();
    const moved = done[0];
    if (!moved) return;
    if (action === 'reverse') {
      // Its link and the links it had settled can be paid again, or expire (their expiry is announced again).
      await reopenLinksOfReversed(tx, moved);
      // A reversed payment of several instalments pays none of them any more (docs/groups.md).
      await unsettleCoveredLinks(tx, row.id);
    }
    // Without an API key it is the runner (expiry, crash recovery) acting.
    await recordAudit(tx, actor ?? SERVICE_ACTOR, { organisationId: row.organisationId, type: action === 'complete' ? 'transaction:complete' : 'transaction:reverse', entityId: row.id });
    await emitTransactionEvent(tx, moved);
  });
}
