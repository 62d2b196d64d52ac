import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation } from '@/lib/auth/access';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { serializeTransaction } from './serialize-transaction';
import { refundedAmounts, selectTransactions } from './transaction-query';

/** GET /agent/transactions/{id} (Felloh's SDK transactions.get): the Transaction object exactly as the list shows it. */
export async function getTransaction(db: Db, actor: Actor, id: string) {
  const [row] = await selectTransactions(db).where(eq(transactions.id, id));
  if (!row || !canAccessOrganisation(actor, row.transaction.organisationId)) throw notFound('Transaction');
  const refunded = await refundedAmounts(db, [id]);
  return serializeTransaction(row.transaction, { bookingReference: row.bookingReference, refundedAmount: refunded.get(id) ?? 0 });
}
