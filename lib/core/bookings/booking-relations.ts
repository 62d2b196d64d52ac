import { and, asc, eq, inArray } from 'drizzle-orm';
import { paymentLinks, scheduledPayments, transactions } from '@/lib/db/schema';
import { selectLists } from '@/lib/db/select-lists';
import type { Executor } from '@/lib/db/types';
import { isoOrNull } from '../shared/serialize';

/**
 * The money a booking holds, fetched for a whole page of bookings at once
 * (one query per kind, never one per booking; the three in one statement: lib/db/select-lists.ts).
 */
export async function loadBookingRelations(
  db: Executor,
  bookingIds: string[],
  { completedOnly }: { completedOnly: boolean },
) {
  if (bookingIds.length === 0)
    return { transactions: new Map(), paymentLinks: new Map(), scheduled: new Map() } as const;
  const {
    transactions: txRows,
    links: linkRows,
    scheduled: scheduledRows,
  } = await selectLists(db, {
    transactions: db
      .select()
      .from(transactions)
      .where(
        and(
          inArray(transactions.bookingId, bookingIds),
          completedOnly ? eq(transactions.status, 'COMPLETE') : undefined,
        ),
      )
      .orderBy(asc(transactions.createdAt)),
    links: db
      .select()
      .from(paymentLinks)
      .where(and(inArray(paymentLinks.bookingId, bookingIds), eq(paymentLinks.kind, 'payment_link')))
      .orderBy(asc(paymentLinks.createdAt)),
    scheduled: db
      .select({ payment: scheduledPayments, transaction: transactions })
      .from(scheduledPayments)
      .leftJoin(transactions, eq(transactions.id, scheduledPayments.transactionId))
      .where(inArray(scheduledPayments.bookingId, bookingIds))
      .orderBy(asc(scheduledPayments.executeAfter)),
  });
  return {
    transactions: groupBy(
      txRows,
      (row) => row.bookingId!,
      (t) => ({
        id: t.id,
        amount: t.amount,
        status: t.status,
        method: t.method,
        type: t.type,
        created_at: t.createdAt.toISOString(),
        completed_at: isoOrNull(t.completedAt),
      }),
    ),
    paymentLinks: groupBy(
      linkRows.filter((l) => !l.deletedAt),
      (row) => row.bookingId!,
      (l) => ({
        id: l.id,
        amount: l.amount,
        description: l.description,
        expires_at: l.expiresAt.toISOString(),
        created_at: l.createdAt.toISOString(),
        email: l.email,
        currency: l.currency,
        methods: { open_banking: l.openBankingEnabled, card: l.cardEnabled },
      }),
    ),
    scheduled: groupBy(
      scheduledRows,
      (row) => row.payment.bookingId,
      ({ payment: s, transaction: t }) => ({
        id: s.id,
        amount: s.amount,
        currency: s.currency,
        status: { id: s.status },
        transaction: t
          ? {
              id: t.id,
              amount: t.amount,
              provider_reference: t.providerReference,
              currency: t.currency,
              ip_address: t.ipAddress,
              fingerprint: t.fingerprint,
              ai_analysed: t.aiAnalysed,
            }
          : null,
        execute_after: s.executeAfter.toISOString(),
        completed_at: isoOrNull(s.completedAt),
        created_at: s.createdAt.toISOString(),
        updated_at: s.updatedAt.toISOString(),
      }),
    ),
  };
}

function groupBy<R, K, V>(rows: R[], key: (row: R) => K, map: (row: R) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(map(row));
    groups.set(key(row), list);
  }
  return groups;
}
