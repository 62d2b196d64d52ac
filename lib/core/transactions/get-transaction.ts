import { eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation } from '@/lib/auth/access';
import { bookings, transactions } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { serializeTransaction } from './serialize-transaction';
import { REFUND_HOLDING_STATUSES } from './transaction-query';

/** GET /agent/transactions/{id} (Felloh's SDK transactions.get): the Transaction object exactly as the list shows it. */
export async function getTransaction(db: Db, actor: Actor, id: string) {
  const row = await loadTransactionResource(db, id);
  if (!row || !canAccessOrganisation(actor, row.organisation)) throw notFound('Transaction');
  return row;
}

/**
 * The Transaction object with no access check, in one query (its refunds
 * holding money summed inside it): for getTransaction, and for events, read
 * inside the changing transaction.
 */
export async function loadTransactionResource(db: Executor, id: string) {
  const holding = sql.join(
    REFUND_HOLDING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = await db
    .select({
      transaction: transactions,
      bookingReference: bookings.bookingReference,
      refunded: sql<string>`(select coalesce(sum(r.amount), 0) from refunds r where r.transaction_id = ${transactions.id} and r.status in (${holding}))`,
    })
    .from(transactions)
    .leftJoin(bookings, eq(bookings.id, transactions.bookingId))
    .where(eq(transactions.id, id));
  if (!row) return null;
  return serializeTransaction(row.transaction, {
    bookingReference: row.bookingReference,
    refundedAmount: Number(row.refunded),
  });
}
