import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  approvals,
  auditRecords,
  chargebacks,
  creditNotes,
  paymentLinkGroups,
  paymentLinks,
  refunds,
  scheduledPayments,
  transactions,
} from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { bookingAudit, ownCheckouts } from './detail-lists';

type CountedBooking = { id: string; organisationId: string; customerId: string | null };

/**
 * How many of each kind the booking has in all, for "showing 25 of 1 234" (the lists read only their bound). Each
 * is a `select count(*)` with exactly its list's condition, so a total never disagrees with the list it counts;
 * they join the lists' one statement (selectLists), each on the index its list already reads.
 */
export function selectBookingCounts(
  db: Executor,
  booking: CountedBooking,
  audit: SQL | undefined,
  chargebacksVisible: boolean,
) {
  const b = booking.id;
  const counted = (table: PgTable, where: SQL | undefined) => db.select({ n: count() }).from(table).where(where);
  const ofPayments = (table: typeof refunds | typeof chargebacks) =>
    db
      .select({ n: count() })
      .from(table)
      .innerJoin(transactions, eq(transactions.id, table.transactionId))
      .where(eq(transactions.bookingId, b));
  return {
    transactionsCount: counted(transactions, eq(transactions.bookingId, b)),
    linksCount: counted(paymentLinks, ownCheckouts('payment_link', b)),
    sessionsCount: counted(paymentLinks, ownCheckouts('ecommerce', b)),
    scheduledCount: counted(scheduledPayments, eq(scheduledPayments.bookingId, b)),
    approvalsCount: counted(approvals, eq(approvals.bookingId, b)),
    groupsCount: counted(
      paymentLinkGroups,
      and(eq(paymentLinkGroups.bookingId, b), eq(paymentLinkGroups.organisationId, booking.organisationId)),
    ),
    creditNotesCount: counted(
      creditNotes,
      or(eq(creditNotes.bookingCreatedFromId, b), eq(creditNotes.bookingAppliedToId, b)),
    ),
    refundsCount: ofPayments(refunds),
    chargebacksCount: chargebacksVisible ? ofPayments(chargebacks) : counted(chargebacks, sql`false`),
    auditCount: counted(auditRecords, bookingAudit(booking, audit)),
  };
}

/** The one number of a count select's rows. */
export const total = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
