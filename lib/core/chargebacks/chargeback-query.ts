import { eq, type SQL } from 'drizzle-orm';
import { bookings, chargebacks, transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

/** Chargebacks with what the list shows of their transaction and its booking (Felloh SDK's Chargeback type). */
export function selectChargebacks(db: Executor) {
  return db
    .select({
      chargeback: chargebacks,
      transactionAmount: transactions.amount,
      bookingId: bookings.id,
      bookingReference: bookings.bookingReference,
    })
    .from(chargebacks)
    .innerJoin(transactions, eq(transactions.id, chargebacks.transactionId))
    .leftJoin(bookings, eq(bookings.id, transactions.bookingId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectChargebacks>['where']>>[number];

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The interface's Chargeback fields, plus `transaction` as Felloh's SDK reads
 * it ({ id, amount, booking: { id, booking_reference } | null }) and
 * `updated_at`. Webhook events carry exactly this (`data` of chargeback.*).
 */
export function serializeChargeback({ chargeback: c, transactionAmount, bookingId, bookingReference }: Row) {
  return {
    id: c.id,
    amount: c.amount,
    currency: c.currency,
    reason: c.reason,
    status: c.status,
    received_date: c.receivedDate.toISOString(),
    due_date: iso(c.dueDate),
    posting_date: iso(c.postingDate),
    transaction_id: c.transactionId,
    transaction: {
      id: c.transactionId,
      amount: transactionAmount,
      booking: bookingId ? { id: bookingId, booking_reference: bookingReference } : null,
    },
    organisation: c.organisationId,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export type ChargebackJson = ReturnType<typeof serializeChargeback>;

/** One chargeback as the list shows it, read with `db` (inside a transaction, it shows that transaction's change). */
export async function chargebackJson(db: Executor, where: SQL): Promise<ChargebackJson | null> {
  const [row] = await selectChargebacks(db).where(where);
  return row ? serializeChargeback(row) : null;
}
