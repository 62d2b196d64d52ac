import { and, isNull, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db, Tx } from '@/lib/db/types';
import { emitTransactionEvent, reopenLinksOfReversed } from '@/lib/events/transaction-events';
import { lockMemberOfLink } from '../groups/member-locks';
import { processorFor } from '@/lib/payments/processor';
import { recordAudit, SERVICE_ACTOR } from '../audit/record-audit';
import { unsettleCoveredLinks } from '../groups/settle-member-payment';
import { processorMoney } from '../payments/processor-money';
import { moveSet, moveWhere, type TransactionState } from './transaction-lifecycle';

export type Modification = 'complete' | 'reverse';
type Row = typeof transactions.$inferSelect;

/** The state a capture or reverse holds while it is in flight, the move that claims it and the move that finishes it (transaction-lifecycle.ts). */
export const claimedState = (action: Modification): TransactionState =>
  action === 'complete' ? 'PENDING/capturing' : 'PENDING/reversing';
export const claimMove = (action: Modification) => (action === 'complete' ? 'claimCapture' : 'claimReverse');
const doneMove = (action: Modification) => (action === 'complete' ? 'captured' : 'reversed');

/** What a claim sets: the claimed state, and one more attempt (so its own idempotency key, modificationKey). */
export const claimSet = (action: Modification) => ({
  ...moveSet(claimMove(action)),
  modificationAttempts: sql`${transactions.modificationAttempts} + 1`,
  updatedAt: now(),
});

/**
 * The idempotency key of the current claim's capture or reverse: `<id>:capture` for the first claim, then
 * `<id>:capture:<n>`. A retry of the same claim sends the same key (never twice); a new claim after a failure a
 * new one, because Adyen answers a reused key with the stored first answer without trying again.
 */
export function modificationKey(row: Pick<Row, 'id' | 'modificationAttempts'>, action: Modification): string {
  const base = `${row.id}:${action === 'complete' ? 'capture' : 'reverse'}`;
  return row.modificationAttempts > 1 ? `${base}:${row.modificationAttempts}` : base;
}

/**
 * The second half of a capture or reverse, once the authorisation is claimed
 * (stage 'capturing' or 'reversing'): asks the processor under the
 * transaction's own idempotency key, so a retry never moves money twice. A
 * processor that made it ('done', the sandbox) has it recorded COMPLETE or
 * REVERSED at once; one that only received it (Adyen) has the claim marked as
 * sent and kept: the transaction stays PENDING until the notification (CAPTURE,
 * CANCEL_OR_REFUND or a failure) settles it (apply-modification.ts).
 * Each claim sends under its own key (modificationKey). A processor failure throws with the claim as it is. So does a database
 * failure after the processor answered: the caller must not take that for a
 * processor failure (only a ProcessorError says nothing was done).
 */
export async function finishModification(
  db: Db,
  row: Row,
  action: Modification,
  { actor = null }: { actor?: Actor | null } = {},
): Promise<'recorded' | 'sent'> {
  const processor = processorFor(db);
  const result =
    action === 'complete'
      ? // In what the authorisation was sent in: a DCC payment is captured in the card's currency.
        await processor.capture({
          providerReference: row.providerReference!,
          ...processorMoney(row),
          idempotencyKey: modificationKey(row, 'complete'),
        })
      : await processor.reverse({
          providerReference: row.providerReference!,
          idempotencyKey: modificationKey(row, 'reverse'),
        });
  if (result.status === 'received') {
    await recordSent(db, row, action, actor);
    return 'sent';
  }
  await recordModification(db, row, action, { actor });
  return 'recorded';
}

/**
 * The processor received the capture or reverse: the claim is marked sent (not
 * sent again by the stuck-modifications step) and audited with who asked for
 * it; the status stays PENDING. Nothing if the claim was settled meanwhile
 * (a notification faster than this write).
 */
async function recordSent(db: Db, row: Row, action: Modification, actor: Actor | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [sent] = await tx
      .update(transactions)
      .set({ modificationSentAt: now(), updatedAt: now() })
      .where(and(moveWhere(row.id, doneMove(action), [claimedState(action)]), isNull(transactions.modificationSentAt)))
      .returning({ id: transactions.id });
    if (sent)
      await recordAudit(tx, actor ?? SERVICE_ACTOR, {
        organisationId: row.organisationId,
        type: action === 'complete' ? 'transaction:complete' : 'transaction:reverse',
        entityId: row.id,
      });
  });
}

/**
 * Records a capture (COMPLETE) or reverse (REVERSED) the processor has made,
 * with its audit record (unless it was audited when sent), once: guarded on the
 * claim (stage 'capturing' or 'reversing'), or with `unclaimed` also on a
 * PENDING authorisation nobody claimed (a processor notification of a
 * modification made elsewhere). `onRecorded` runs in the same transaction.
 * Answers whether it recorded.
 */
export async function recordModification(
  db: Db,
  row: Row,
  action: Modification,
  {
    actor = null,
    unclaimed = false,
    onRecorded,
  }: { actor?: Actor | null; unclaimed?: boolean; onRecorded?: (tx: Tx) => Promise<void> } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(transactions)
      .set({
        ...moveSet(doneMove(action)),
        modificationSentAt: null,
        ...(action === 'complete' ? { completedAt: now() } : {}),
        updatedAt: now(),
      })
      // Our claim only, or also an authorisation nobody claimed (`unclaimed`: the notification of one made elsewhere).
      .where(
        moveWhere(row.id, doneMove(action), unclaimed ? ['PENDING', claimedState(action)] : [claimedState(action)]),
      )
      .returning();
    const moved = done[0];
    if (!moved) return false;
    if (action === 'reverse') {
      // A group member's payment: the member, then their links, before any link is touched (member-locks.ts).
      await lockMemberOfLink(tx, moved.paymentLinkId);
      // Its link and the links it had settled can be paid again, or expire (their expiry is announced again).
      await reopenLinksOfReversed(tx, moved);
      // A reversed payment of several instalments pays none of them any more (docs/groups.md).
      await unsettleCoveredLinks(tx, row.id);
    }
    // A modification we sent was audited then, with who asked; without an API key it is the runner or the processor acting.
    if (!row.modificationSentAt) {
      await recordAudit(tx, actor ?? SERVICE_ACTOR, {
        organisationId: row.organisationId,
        type: action === 'complete' ? 'transaction:complete' : 'transaction:reverse',
        entityId: row.id,
      });
    }
    if (onRecorded) await onRecorded(tx);
    await emitTransactionEvent(tx, moved);
    return true;
  });
}
