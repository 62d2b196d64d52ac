import { desc, eq, sql } from 'drizzle-orm';
import { hasRole } from '@/lib/auth/access';
import type { Actor } from '@/lib/auth/actor';
import { customers, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { serializeCustomer } from '../../customers/serialize-customer';
import { serializeEcommerce } from '../../ecommerce/serialize-ecommerce';
import { serializePaymentLink } from '../../payment-links/serialize-payment-link';
import { serializeTransaction } from '../../transactions/serialize-transaction';
import { auditVisibleTo } from '../../audit/list-audit';
import { REFUND_HOLDING_STATUSES } from '../../transactions/transaction-query';
import { findAccessibleBooking } from '../booking-query';
import { loadBookingComponents } from '../get-booking';
import { serializeBooking, type SerializedBooking } from '../serialize-booking';
import { bounded, DETAIL_BOUNDS as B } from './detail-bounds';
import {
  bookingApprovals,
  bookingAudit,
  bookingChargebacks,
  bookingCheckouts,
  bookingCreditNotes,
  bookingGroups,
  bookingRefunds,
  bookingScheduledPayments,
} from './detail-lists';

const RELATION_KEYS = ['transactions', 'payment_links', 'scheduled_transactions'] as const;
/**
 * The refunds holding money back from the payment (transaction-query.ts), summed in the payments' statement.
 * Qualified by hand: in a one-table select drizzle writes a column unqualified, which inside this subquery
 * would name the refund's own id.
 */
const refundedAmount = sql<string>`(select coalesce(sum(r.amount), 0) from refunds r where r.transaction_id = "transactions"."id" and r.status in (${sql.join(
  REFUND_HOLDING_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;
const noRelations = { transactions: new Map(), paymentLinks: new Map(), scheduled: new Map() } as const;

/**
 * One booking with everything attached to it, for the dashboard's booking page (docs/dashboard.md "Read
 * models"): the Booking object's own fields and components, its customer, its payments, its own payment links
 * and ecommerce sessions, scheduled payments and approvals, groups, credit notes, refunds, chargebacks (null
 * without chargebacks:view) and the audit records of all of them (as far as the caller may read the audit).
 * Every list is bounded (detail-bounds.ts) and says whether it was cut.
 * Another organisation's booking, or a deleted one, is the API's 404 (`resource.not_found`).
 * Each part is read by the resource's own serializer, so a page shows exactly what the API answers.
 * A payment's timeline is not read here: the page shows none, and it cost five statements a page view;
 * the payment's own page reads it (getTransactionTimeline). After the booking's row, every read is
 * independent and goes out at once (one round of the pool on PostgreSQL).
 */
export async function getBookingDetail(db: Db, actor: Actor, bookingId: string) {
  const row = await findAccessibleBooking(db, actor, bookingId);
  const { booking: b } = row;
  const [components, customer, transactionRows, paymentLinks, ecommerceSessions, ...rest] = await Promise.all([
    loadBookingComponents(db, bookingId),
    b.customerId
      ? db
          .select()
          .from(customers)
          .where(eq(customers.id, b.customerId))
          .then(([c]) => c ?? null)
      : Promise.resolve(null),
    db
      .select({ transaction: transactions, refunded: refundedAmount })
      .from(transactions)
      .where(eq(transactions.bookingId, bookingId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(B.transactions + 1),
    bookingCheckouts(db, bookingId, 'payment_link', B.payment_links, serializePaymentLink),
    bookingCheckouts(db, bookingId, 'ecommerce', B.ecommerce_sessions, serializeEcommerce),
    bookingScheduledPayments(db, bookingId),
    bookingApprovals(db, bookingId),
    bookingGroups(db, bookingId, b.organisationId),
    bookingCreditNotes(db, bookingId),
    bookingRefunds(db, bookingId),
    hasRole(actor, 'chargebacks:view') ? bookingChargebacks(db, bookingId) : Promise.resolve(null),
    bookingAudit(db, b, auditVisibleTo(actor)),
  ] as const);
  const [scheduledPayments, approvals, groups, creditNotes, refunds, chargebacks, audit] = rest;
  // The Booking object without its unbounded relation lists: the bounded lists below replace them.
  const full = serializeBooking(row, noRelations, components);
  const booking = Object.fromEntries(
    Object.entries(full).filter(([key]) => !(RELATION_KEYS as readonly string[]).includes(key)),
  ) as Omit<SerializedBooking, (typeof RELATION_KEYS)[number]>;
  return {
    booking,
    customer: customer ? serializeCustomer(customer) : null,
    transactions: bounded(transactionRows, B.transactions, (t) =>
      serializeTransaction(t.transaction, { bookingReference: b.bookingReference, refundedAmount: Number(t.refunded) }),
    ),
    payment_links: paymentLinks,
    ecommerce_sessions: ecommerceSessions,
    scheduled_payments: scheduledPayments,
    approvals,
    groups,
    credit_notes: creditNotes,
    refunds,
    chargebacks,
    audit,
  };
}

export type BookingDetail = Awaited<ReturnType<typeof getBookingDetail>>;
