import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import type { Db } from '@/lib/db/types';
import { queryRows } from '@/lib/db/query-rows';

export const ABANDON_AFTER_MS = 30 * 60 * 1000;

/**
 * A checkout payment still in progress after 30 minutes was left by the
 * customer (at 3-D Secure, at the bank, or a closed tab): ABANDONED, which frees
 * the link for another attempt. Saved-card charges are left to their own retry.
 */
export async function abandonStalePayments(db: Db): Promise<number> {
  const cutoff = new Date(now().getTime() - ABANDON_AFTER_MS).toISOString();
  const rows = await queryRows<{ id: string }>(db, sql`
    update transactions set status = 'ABANDONED', stage = null, failure_reason = 'timed_out', updated_at = ${now().toISOString()}::timestamptz
    where status = 'PAYMENTINPROGRESS' and payment_link_id is not null and created_at < ${cutoff}::timestamptz
    returning id`);
  return rows.length;
}
