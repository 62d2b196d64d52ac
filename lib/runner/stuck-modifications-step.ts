import { eq, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { finishModification } from '@/lib/core/transactions/finish-modification';
import { claimRows } from './claim';

/** A capture or reverse claimed this long ago and never finished belongs to a process that died. */
const STUCK_AFTER_MS = 10 * 60 * 1000;

/**
 * Finishes captures and reverses whose process died between claiming the
 * authorisation and recording the processor's answer. The processor is asked
 * again with the same idempotency key, so it answers the first call's result
 * rather than moving money twice.
 */
export async function finishStuckModifications(db: Db, limit = 20): Promise<number> {
  const at = now();
  const claimed = await claimRows<{ id: string }>(db, {
    table: sql`transactions`,
    where: sql`status = 'PENDING' and stage in ('capturing', 'reversing') and updated_at < ${new Date(at.getTime() - STUCK_AFTER_MS).toISOString()}::timestamptz`,
    orderBy: sql`updated_at`,
    set: sql`updated_at = ${at.toISOString()}::timestamptz`,
    limit,
  });
  let finished = 0;
  for (const { id } of claimed) {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
    try {
      await finishModification(db, row!, row!.stage === 'capturing' ? 'complete' : 'reverse');
      finished += 1;
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'stuck capture/reverse not finished; retrying later', transaction_id: id, error: String(error) }));
    }
  }
  return finished;
}
