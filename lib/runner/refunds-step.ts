import { inArray, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { refunds } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { sendRefund } from '@/lib/core/refunds/send-refund';
import { claimRows } from './claim';

/** How long a claimed refund is this worker's before another may send it again (same idempotency key). */
const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * Authorised refunds whose next attempt is due: ones the processor refused for
 * now (back-off in sendRefund), ones a process authorised but died before
 * sending, and ones whose answer was not recorded. Claimed in SQL (FOR UPDATE SKIP LOCKED, next attempt pushed past the
 * lease) so two workers never send one at once. Returns how many settled
 * (COMPLETE, FAILED or UNSETTLED) or were received by the processor in this pass.
 */
export async function retryAuthorisedRefunds(db: Db, limit = 20): Promise<number> {
  const at = now();
  // Rows from before next_attempt_at existed fall back to a minute after their last change.
  const due = sql`coalesce(next_attempt_at, updated_at + interval '1 minute')`;
  const claimed = await claimRows<{ id: string }>(db, {
    table: sql`refunds`,
    // A refund the processor received (sent_at) is not sent again: its notification settles it.
    where: sql`status = 'AUTHORISED' and sent_at is null and ${due} <= ${at.toISOString()}::timestamptz`,
    orderBy: due,
    set: sql`next_attempt_at = ${new Date(at.getTime() + CLAIM_LEASE_MS).toISOString()}::timestamptz`,
    limit,
  });
  if (claimed.length === 0) return 0;
  const rows = await db
    .select()
    .from(refunds)
    .where(
      inArray(
        refunds.id,
        claimed.map((c) => c.id),
      ),
    );
  let settled = 0;
  for (const refund of rows) {
    const after = await sendRefund(db, refund);
    if (after.status !== 'AUTHORISED' || after.sentAt) settled += 1;
  }
  return settled;
}
