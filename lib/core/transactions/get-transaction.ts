import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation } from '@/lib/auth/access';
import { transactions } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { serializeTransaction } from './serialize-transaction';
import { refundedAmounts, selectTransactions } from './transaction-query';

/** GET /agent/transactions/{id} (Felloh's SDK transactions.get): the Transaction object exactly as the list shows it. */
export async function getTransaction(db: Db, actor: Actor, id: string) {
  const row = await loadTransactionResource(db, id);
  if (!row || !canAccessOrganisation(actor, row.organisation)) throw notFound('Transaction');
  return row;
}

/** The Transaction object with no access check: for getTransaction, and for events read inside the changing transaction. */
export async function loadTransactionResource(db: Executor, id: string) {
  const [row] = await selectTransactions(db).where(eq(transactions.id, id));
  if (!row) return null;
  const refunded = await refundedAmounts(db, [id]);
  return serializeTransaction(row.transaction, { bookingReference: row.bookingReference, refundedAmount: refunded.get(id) ?? 0 });
}
