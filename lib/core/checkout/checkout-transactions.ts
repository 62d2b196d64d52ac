import { asc, inArray } from 'drizzle-orm';
import { transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

export type CheckoutTransaction = {
  id: string;
  amount: number;
  status: string;
  completed_at: string | null;
  created_at: string;
};

/** Every payment attempt of a page of links or sessions, in one query. */
export async function loadCheckoutTransactions(
  db: Executor,
  checkoutIds: string[],
): Promise<Map<string, CheckoutTransaction[]>> {
  const byCheckout = new Map<string, CheckoutTransaction[]>();
  if (checkoutIds.length === 0) return byCheckout;
  const rows = await db
    .select({
      id: transactions.id,
      linkId: transactions.paymentLinkId,
      amount: transactions.amount,
      status: transactions.status,
      completedAt: transactions.completedAt,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(inArray(transactions.paymentLinkId, checkoutIds))
    .orderBy(asc(transactions.createdAt));
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
