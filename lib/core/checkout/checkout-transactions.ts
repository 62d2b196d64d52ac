import { asc, inArray, type SQLWrapper } from 'drizzle-orm';
import { transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

export type CheckoutTransaction = {
  id: string;
  amount: number;
  status: string;
  completed_at: string | null;
  created_at: string;
};

/** The select of the payment attempts of the links or sessions `checkouts` names (ids, or a subquery of ids). */
export function selectCheckoutTransactions(db: Executor, checkouts: string[] | SQLWrapper) {
  return db
    .select({
      id: transactions.id,
      linkId: transactions.paymentLinkId,
      amount: transactions.amount,
      status: transactions.status,
      completedAt: transactions.completedAt,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(inArray(transactions.paymentLinkId, checkouts))
    .orderBy(asc(transactions.createdAt));
}

/** The attempts by link or session, each list oldest first. */
export function checkoutTransactionsByCheckout(
  rows: Awaited<ReturnType<typeof selectCheckoutTransactions>>,
): Map<string, CheckoutTransaction[]> {
  const byCheckout = new Map<string, CheckoutTransaction[]>();
  for (const row of rows) {
    const list = byCheckout.get(row.linkId!) ?? [];
    list.push({
      id: row.id,
      amount: row.amount,
      status: row.status,
      completed_at: row.completedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    });
    byCheckout.set(row.linkId!, list);
  }
  return byCheckout;
}

/** Every payment attempt of a page of links or sessions, in one query. */
export async function loadCheckoutTransactions(
  db: Executor,
  checkoutIds: string[],
): Promise<Map<string, CheckoutTransaction[]>> {
  if (checkoutIds.length === 0) return new Map();
  return checkoutTransactionsByCheckout(await selectCheckoutTransactions(db, checkoutIds));
}
