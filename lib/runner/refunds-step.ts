import { and, eq, lt } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { refunds } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { sendRefund } from '@/lib/core/refunds/refunds';

/** Authorised refunds the processor did not take yet (it was unreachable) are sent again, idempotently. */
export async function retryAuthorisedRefunds(db: Db, limit = 20): Promise<number> {
  const waiting = await db.select().from(refunds)
    .where(and(eq(refunds.status, 'AUTHORISED'), lt(refunds.updatedAt, new Date(now().getTime() - 60_000)))).limit(limit);
  let sent = 0;
  for (const refund of waiting) if ((await sendRefund(db, refund)).status === 'COMPLETE') sent += 1;
  return sent;
}
