import { and, eq, inArray, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { savedCards, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { chargeSavedCard } from '@/lib/core/saved-cards/charge-saved-card';
import { claimRows } from './claim';

/** A claim older than this belongs to a worker that died; the payment is taken up again with the same idempotency key. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

/**
 * Charges due scheduled payments: QUEUED → IN_PROGRESS (claimed), then the saved
 * card is charged under the idempotency key `scheduled:<id>`, then COMPLETE or
 * FAILED. Two workers never claim one payment, and a retried claim never charges twice.
 */
export async function runDueScheduledPayments(db: Db, limit = 50): Promise<{ completed: number; failed: number }> {
  const at = now();
  const claimed = await claimRows<{ id: string }>(db, {
    table: sql`scheduled_payments`,
    where: sql`(status = 'QUEUED' and execute_after <= ${at.toISOString()}::timestamptz)
      or (status = 'IN_PROGRESS' and claimed_at < ${new Date(at.getTime() - STALE_CLAIM_MS).toISOString()}::timestamptz)`,
    orderBy: sql`execute_after`,
    set: sql`status = 'IN_PROGRESS', attempts = attempts + 1, claimed_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz`,
    limit,
  });
  if (claimed.length === 0) return { completed: 0, failed: 0 };
  const rows = await db.select({ payment: scheduledPayments, card: savedCards }).from(scheduledPayments)
    .leftJoin(savedCards, eq(savedCards.id, scheduledPayments.savedCardId))
    .where(inArray(scheduledPayments.id, claimed.map((c) => c.id)));
  let completed = 0;
  let failed = 0;
  for (const { payment, card } of rows) {
    const outcome = card && !card.deletedAt
      ? await chargeSavedCard(db, { savedCard: card, amount: payment.amount, currency: payment.currency, capture: !payment.authorisationOnly, idempotencyKey: `scheduled:${payment.id}`, method: 'MOTO_OTHER' })
      : null;
    const paid = outcome?.outcome === 'paid';
    await db.update(scheduledPayments).set({
      status: paid ? 'COMPLETE' : 'FAILED',
      transactionId: outcome && 'transactionId' in outcome ? outcome.transactionId : null,
      failureReason: paid ? null : outcome ? ('reason' in outcome ? outcome.reason : outcome.outcome) : 'no_saved_card',
      completedAt: now(),
      updatedAt: now(),
    }).where(and(eq(scheduledPayments.id, payment.id), eq(scheduledPayments.status, 'IN_PROGRESS')));
    if (paid) completed += 1;
    else failed += 1;
  }
  return { completed, failed };
}
