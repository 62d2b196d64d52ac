import { z } from 'zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation } from '@/lib/auth/access';
import { bookings, refunds, transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';

/**
 * Refund statuses that hold money back from a transaction: awaiting a decision,
 * authorised (being sent or waiting to retry), done, or UNSETTLED (the processor
 * may have paid it out). A DECLINED or FAILED refund sent nothing: it gives the money back.
 */
export const REFUND_HOLDING_STATUSES = ['PENDING_AUTHORISATION', 'AUTHORISED', 'COMPLETE', 'UNSETTLED'] as const;

export function selectTransactions(db: Executor) {
  return db
    .select({ transaction: transactions, bookingReference: bookings.bookingReference })
    .from(transactions)
    .leftJoin(bookings, eq(bookings.id, transactions.bookingId));
}

/** Sum of refunds holding money per transaction, for a page of transactions. */
export async function refundedAmounts(db: Executor, transactionIds: string[]): Promise<Map<string, number>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: refunds.transactionId, total: sql<string>`sum(${refunds.amount})` })
    .from(refunds)
    .where(and(inArray(refunds.transactionId, transactionIds), inArray(refunds.status, [...REFUND_HOLDING_STATUSES])))
    .groupBy(refunds.transactionId);
  return new Map(rows.map((row) => [row.id, Number(row.total)]));
}

/** A transaction the actor reaches; another organisation's answers the same 404 as an unknown id. */
export async function findAccessibleTransaction(db: Executor, actor: Actor, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  if (!row || !canAccessOrganisation(actor, row.organisationId)) throw notFound('Transaction');
  return row;
}

export const transactionIdParams = z.object({ transaction_id: z.uuid() });
