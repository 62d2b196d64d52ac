import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { isoCurrency } from '@/lib/money';
import { processorFor } from '@/lib/payments/processor';
import { recordAudit } from '../audit/record-audit';
import { findAccessibleTransaction, refundedAmounts, selectTransactions } from './transaction-query';
import { serializeTransaction } from './serialize-transaction';

type Action = 'complete' | 'reverse';
const pendingAndFree = (id: string) => and(eq(transactions.id, id), eq(transactions.status, 'PENDING'), isNull(transactions.stage));

/**
 * Captures (complete) or releases (reverse) a pre-authorisation. The claim is
 * one conditional UPDATE (PENDING and not already claimed), so a capture racing
 * a reverse, or two captures, have exactly one winner; the loser answers 409.
 * The processor is asked outside any database transaction, and a processor
 * failure hands the claim back, leaving the authorisation PENDING.
 */
export async function captureOrReverse(db: Db, actor: Actor, transactionId: string, action: Action) {
  requireRole(actor, 'booking-and-payment:create:payment');
  await findAccessibleTransaction(db, actor, transactionId);
  const [claimed] = await db.update(transactions).set({ stage: action === 'complete' ? 'capturing' : 'reversing', updatedAt: now() })
    .where(pendingAndFree(transactionId)).returning();
  if (!claimed) {
    const current = await findAccessibleTransaction(db, actor, transactionId);
    throw new AppError('transaction.not_pending', `Only a PENDING authorisation can be ${action === 'complete' ? 'completed' : 'reversed'}; this transaction is ${current.stage ? `being ${current.stage.replace('ing', 'ed')}` : current.status}.`);
  }
  await runClaimed(db, claimed, action);
  await db.transaction(async (tx) => {
    await tx.update(transactions)
      .set(action === 'complete' ? { status: 'COMPLETE', stage: null, completedAt: now(), updatedAt: now() } : { status: 'REVERSED', stage: null, updatedAt: now() })
      .where(eq(transactions.id, transactionId));
    await recordAudit(tx, actor, { organisationId: claimed.organisationId, type: action === 'complete' ? 'transaction:complete' : 'transaction:reverse', entityId: transactionId });
  });
  const [row] = await selectTransactions(db).where(eq(transactions.id, transactionId));
  const refunded = await refundedAmounts(db, [transactionId]);
  return serializeTransaction(row!.transaction, { bookingReference: row!.bookingReference, refundedAmount: refunded.get(transactionId) ?? 0 });
}

async function runClaimed(db: Db, row: typeof transactions.$inferSelect, action: Action): Promise<void> {
  const processor = processorFor(db);
  try {
    if (action === 'complete') {
      await processor.capture({ providerReference: row.providerReference!, amount: row.amount, currency: isoCurrency(row.currency), idempotencyKey: `${row.id}:capture` });
    } else {
      await processor.reverse({ providerReference: row.providerReference!, idempotencyKey: `${row.id}:reverse` });
    }
  } catch (error) {
    await db.update(transactions).set({ stage: null, updatedAt: now() }).where(eq(transactions.id, row.id));
    console.error(JSON.stringify({ level: 'error', message: `processor ${action} failed`, transaction_id: row.id, error: String(error) }));
    throw new AppError('payment.processor_unavailable', `The processor could not ${action} the authorisation; it is still PENDING.`);
  }
}
