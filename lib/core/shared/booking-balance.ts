import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';

/**
 * What a booking holds: money taken (completed transactions, surcharges
 * excluded), less refunds that hold money and credit notes already issued from it.
 */
export async function bookingBalance(db: Executor, bookingId: string) {
  const [row] = await queryRows<{ paid: string; refunded: string; credited: string }>(db, sql`
    select
      (select coalesce(sum(amount - surcharge), 0) from transactions where booking_id = ${bookingId} and status = 'COMPLETE') as paid,
      (select coalesce(sum(r.amount), 0) from refunds r join transactions t on t.id = r.transaction_id
        where t.booking_id = ${bookingId} and r.status in ('PENDING_AUTHORISATION', 'AUTHORISED', 'COMPLETE')) as refunded,
      (select coalesce(sum(amount), 0) from credit_notes where booking_created_from_id = ${bookingId}) as credited`);
  const paid = Number(row!.paid);
  const refunded = Number(row!.refunded);
  const credited = Number(row!.credited);
  return { paid, refunded, credited, available: paid - refunded - credited };
}
