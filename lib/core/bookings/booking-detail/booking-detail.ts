import { desc, eq, sql } from 'drizzle-orm';
import { hasRole } from '@/lib/auth/access';
import type { Actor } from '@/lib/auth/actor';
import { customers, transactions } from '@/lib/db/schema';
import { listsTemplate } from '@/lib/db/lists-template';
import type { Db } from '@/lib/db/types';
import { serializeCustomer } from '../../customers/serialize-customer';
import { serializeEcommerce } from '../../ecommerce/serialize-ecommerce';
import { serializePaymentLink } from '../../payment-links/serialize-payment-link';
import { serializeTransaction } from '../../transactions/serialize-transaction';
import { auditVisibility, serializeAuditRecord } from '../../audit/list-audit';
import { REFUND_HOLDING_STATUSES } from '../../transactions/transaction-query';
import { findAccessibleBooking } from '../booking-query';
import { selectBookingComponents, serializeBookingComponent } from '../get-booking';
import { serializeBooking, type SerializedBooking } from '../serialize-booking';
import { bounded, DETAIL_BOUNDS as B } from './detail-bounds';
import { selectBookingCounts, total } from './detail-counts';
import { serializeApproval } from '../../approvals/approval-resource';
import { serializeChargeback } from '../../chargebacks/chargeback-query';
import { serializeCreditNote } from '../../credit-notes/credit-notes';
import { serializeRefund } from '../../refunds/serialize-refund';
import { serializeScheduledPayment } from '../../scheduled-payments/scheduled-payment-resource';
import {
  bookingCheckouts,
  bookingGroups,
  selectBookingApprovals,
  selectBookingAudit,
  selectBookingChargebacks,
  selectBookingCheckoutAttempts,
  selectBookingCheckouts,
  selectBookingCreditNotes,
  selectBookingGroupIds,
  selectBookingRefunds,
  selectBookingScheduledPayments,
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
 * Every list of the booking's page in one statement (lib/db/select-lists.ts), built once per shape
 * (lib/db/lists-template.ts): its text changes only with the caller's roles and whether the booking has a customer,
 * so there are a few statements, each planned once by the database (kept-rows.ts). Planning it took PostgreSQL
 * 20–29 ms a call, and building it took drizzle about a tenth of the page's CPU.
 */
const bookingLists = listsTemplate(
  (
    db,
    v: Record<'booking' | 'organisation' | 'customer' | 'user', string>,
    shape: { chargebacks: boolean; allAudit: boolean; customer: boolean },
  ) => {
    const booking = { id: v.booking, organisationId: v.organisation, customerId: shape.customer ? v.customer : null };
    const audit = auditVisibility(shape.allAudit, v.user);
    return {
      components: selectBookingComponents(db, v.booking),
      customer: db
        .select()
        .from(customers)
        .where(shape.customer ? eq(customers.id, v.customer) : sql`false`),
      transactions: db
        .select({ transaction: transactions, refunded: refundedAmount })
        .from(transactions)
        .where(eq(transactions.bookingId, v.booking))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(B.transactions + 1),
      links: selectBookingCheckouts(db, v.booking, 'payment_link', B.payment_links),
      linkAttempts: selectBookingCheckoutAttempts(db, v.booking, 'payment_link', B.payment_links),
      sessions: selectBookingCheckouts(db, v.booking, 'ecommerce', B.ecommerce_sessions),
      sessionAttempts: selectBookingCheckoutAttempts(db, v.booking, 'ecommerce', B.ecommerce_sessions),
      scheduled: selectBookingScheduledPayments(db, v.booking),
      approvals: selectBookingApprovals(db, v.booking),
      groupIds: selectBookingGroupIds(db, v.booking, v.organisation),
      creditNotes: selectBookingCreditNotes(db, v.booking),
      refunds: selectBookingRefunds(db, v.booking),
      chargebacks: selectBookingChargebacks(db, v.booking, shape.chargebacks),
      audit: selectBookingAudit(db, booking, audit),
      ...selectBookingCounts(db, booking, audit, shape.chargebacks),
    };
  },
);

/**
 * One booking with everything attached to it, for the dashboard's booking page (docs/dashboard.md "Read
 * models"): the Booking object's own fields and components, its customer, its payments, its own payment links
 * and ecommerce sessions, scheduled payments and approvals, groups, credit notes, refunds, chargebacks (null
 * without chargebacks:view) and the audit records of all of them (as far as the caller may read the audit).
 * Every list is bounded (detail-bounds.ts), says whether it was cut and how many there are in all (detail-counts.ts).
 * Another organisation's booking, or a deleted one, is the API's 404 (`resource.not_found`).
 * Each part is read by the resource's own serializer, so a page shows exactly what the API answers.
 * A payment's timeline is not read here: the page shows none; the payment's own page reads it.
 * Two statements in all (three or more only when the booking has groups, each read as its page reads it): the
 * booking's row (the 404 and the organisation check come first), then every list in one statement
 * (lib/db/select-lists.ts). Fifteen statements became two: on PGlite each statement is a turn on the server's
 * one JavaScript thread, and on PostgreSQL fifteen took fifteen connections of the pool at once. The lists'
 * statement is built once per shape and keeps its plan (bookingLists above).
 */
export async function getBookingDetail(db: Db, actor: Actor, bookingId: string) {
  const row = await findAccessibleBooking(db, actor, bookingId);
  const { booking: b } = row;
  const withChargebacks = hasRole(actor, 'chargebacks:view');
  const lists = await bookingLists(
    db,
    { booking: bookingId, organisation: b.organisationId, customer: b.customerId ?? '', user: actor.userId },
    { chargebacks: withChargebacks, allAudit: hasRole(actor, 'organisation:audit'), customer: b.customerId !== null },
  );
  // The Booking object without its unbounded relation lists: the bounded lists below replace them.
  const full = serializeBooking(row, noRelations, lists.components.map(serializeBookingComponent));
  const booking = Object.fromEntries(
    Object.entries(full).filter(([key]) => !(RELATION_KEYS as readonly string[]).includes(key)),
  ) as Omit<SerializedBooking, (typeof RELATION_KEYS)[number]>;
  const [customer] = lists.customer;
  return {
    booking,
    customer: customer ? serializeCustomer(customer) : null,
    transactions: bounded(
      lists.transactions,
      B.transactions,
      (t) =>
        serializeTransaction(t.transaction, {
          bookingReference: b.bookingReference,
          refundedAmount: Number(t.refunded),
        }),
      total(lists.transactionsCount),
    ),
    payment_links: bookingCheckouts(
      lists.links,
      lists.linkAttempts,
      B.payment_links,
      serializePaymentLink,
      total(lists.linksCount),
    ),
    ecommerce_sessions: bookingCheckouts(
      lists.sessions,
      lists.sessionAttempts,
      B.ecommerce_sessions,
      serializeEcommerce,
      total(lists.sessionsCount),
    ),
    scheduled_payments: bounded(
      lists.scheduled,
      B.scheduled_payments,
      serializeScheduledPayment,
      total(lists.scheduledCount),
    ),
    approvals: bounded(lists.approvals, B.approvals, serializeApproval, total(lists.approvalsCount)),
    groups: await bookingGroups(db, lists.groupIds, total(lists.groupsCount)),
    credit_notes: bounded(lists.creditNotes, B.credit_notes, serializeCreditNote, total(lists.creditNotesCount)),
    refunds: bounded(lists.refunds, B.refunds, (r) => serializeRefund(r.refund), total(lists.refundsCount)),
    chargebacks: withChargebacks
      ? bounded(lists.chargebacks, B.chargebacks, serializeChargeback, total(lists.chargebacksCount))
      : null,
    audit: bounded(lists.audit, B.audit, serializeAuditRecord, total(lists.auditCount)),
  };
}

export type BookingDetail = Awaited<ReturnType<typeof getBookingDetail>>;
