import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
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
import type { Db, Executor } from '@/lib/db/types';
import { selectApprovals } from '../../approvals/approval-resource';
import { selectAudit } from '../../audit/list-audit';
import { selectChargebacks } from '../../chargebacks/chargeback-query';
import { selectCheckouts, type CheckoutKind, type CheckoutRow } from '../../checkout/checkout-query';
import {
  checkoutTransactionsByCheckout,
  selectCheckoutTransactions,
  type CheckoutTransaction,
} from '../../checkout/checkout-transactions';
import { selectCreditNotes } from '../../credit-notes/credit-notes';
import { loadGroup } from '../../groups/get-group';
import type { GroupResource } from '../../groups/serialize-group';
import { selectScheduledPayments } from '../../scheduled-payments/scheduled-payment-resource';
import { bounded, DETAIL_BOUNDS as B } from './detail-bounds';

/** The booking's own links or sessions (a group member's links are shown under their group), newest first. */
export function ownCheckouts(kind: CheckoutKind, bookingId: string) {
  return and(
    eq(paymentLinks.bookingId, bookingId),
    eq(paymentLinks.kind, kind),
    isNull(paymentLinks.deletedAt),
    isNull(paymentLinks.groupMemberId),
  );
}
const newestCheckouts = [desc(paymentLinks.createdAt), desc(paymentLinks.id)];

export function selectBookingCheckouts(db: Executor, bookingId: string, kind: CheckoutKind, bound: number) {
  return selectCheckouts(db)
    .where(ownCheckouts(kind, bookingId))
    .orderBy(...newestCheckouts)
    .limit(bound + 1);
}

/** The payment attempts of the links or sessions selectBookingCheckouts shows (its first `bound`). */
export function selectBookingCheckoutAttempts(db: Executor, bookingId: string, kind: CheckoutKind, bound: number) {
  const shown = db
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(ownCheckouts(kind, bookingId))
    .orderBy(...newestCheckouts)
    .limit(bound);
  return selectCheckoutTransactions(db, shown);
}

export function bookingCheckouts<T>(
  rows: CheckoutRow[],
  attempts: Awaited<ReturnType<typeof selectBookingCheckoutAttempts>>,
  bound: number,
  serialize: (row: CheckoutRow, transactions: CheckoutTransaction[], at: Date) => T,
  total: number,
) {
  const byCheckout = checkoutTransactionsByCheckout(attempts);
  const at = now();
  return bounded(rows, bound, (row) => serialize(row, byCheckout.get(row.link.id) ?? [], at), total);
}

export function selectBookingScheduledPayments(db: Executor, bookingId: string) {
  return selectScheduledPayments(db)
    .where(eq(scheduledPayments.bookingId, bookingId))
    .orderBy(asc(scheduledPayments.executeAfter), asc(scheduledPayments.id))
    .limit(B.scheduled_payments + 1);
}

export function selectBookingApprovals(db: Executor, bookingId: string) {
  return selectApprovals(db)
    .where(eq(approvals.bookingId, bookingId))
    .orderBy(desc(approvals.createdAt), desc(approvals.id))
    .limit(B.approvals + 1);
}

/** The ids of the booking's groups, newest first (each is then read as its own page reads it). */
export function selectBookingGroupIds(db: Executor, bookingId: string, organisationId: string) {
  return db
    .select({ id: paymentLinkGroups.id })
    .from(paymentLinkGroups)
    .where(and(eq(paymentLinkGroups.bookingId, bookingId), eq(paymentLinkGroups.organisationId, organisationId)))
    .orderBy(desc(paymentLinkGroups.createdAt), desc(paymentLinkGroups.id))
    .limit(B.groups + 1);
}

/** Each group as GET /agent/payment-link-groups/{id} shows it (members and their links included). */
export async function bookingGroups(db: Db, rows: { id: string }[], total: number) {
  const groups = await Promise.all(rows.slice(0, B.groups).map((row) => loadGroup(db, row.id)));
  return {
    items: groups.filter((group): group is GroupResource => group !== null),
    more: rows.length > B.groups,
    total,
  };
}

/** Notes issued from the booking and notes applied to it. */
export function selectBookingCreditNotes(db: Executor, bookingId: string) {
  return selectCreditNotes(db)
    .where(or(eq(creditNotes.bookingCreatedFromId, bookingId), eq(creditNotes.bookingAppliedToId, bookingId)))
    .orderBy(desc(creditNotes.createdAt), desc(creditNotes.id))
    .limit(B.credit_notes + 1);
}

/** Refunds of the booking's payments (all of them, not only the payments the transactions list shows). */
export function selectBookingRefunds(db: Executor, bookingId: string) {
  return db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
    .where(eq(transactions.bookingId, bookingId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(B.refunds + 1);
}

/** The booking's chargebacks; none at all when `visible` is false (the caller lacks chargebacks:view). */
export function selectBookingChargebacks(db: Executor, bookingId: string, visible: boolean) {
  return selectChargebacks(db)
    .where(and(eq(transactions.bookingId, bookingId), visible ? undefined : sql`false`))
    .orderBy(desc(chargebacks.createdAt), desc(chargebacks.id))
    .limit(B.chargebacks + 1);
}

/**
 * The audit records of the booking and of everything attached to it (its customer, payments and their
 * refunds, links and sessions, scheduled payments, approvals, groups and their members, credit notes),
 * newest first, as far as `visible` lets the caller read (auditVisibleTo). Read through
 * audit_org_entity_idx: the entity ids come from the booking's own indexes.
 */
export function selectBookingAudit(db: Executor, booking: AuditBooking, visible: AuditVisible) {
  return selectAudit(db)
    .where(bookingAudit(booking, visible))
    .orderBy(desc(auditRecords.createdAt), desc(auditRecords.sequence))
    .limit(B.audit + 1);
}

type AuditBooking = { id: string; organisationId: string; customerId: string | null };
type AuditVisible = ReturnType<typeof sql> | undefined;

/** The condition of selectBookingAudit, shared with its count (detail-counts.ts). */
export function bookingAudit(booking: AuditBooking, visible: AuditVisible) {
  const b = booking.id;
  const entities = sql`${auditRecords.entityId} in (
    select t.id::text from transactions t where t.booking_id = ${b}
    union all select r.id::text from refunds r join transactions t on t.id = r.transaction_id where t.booking_id = ${b}
    union all select l.id::text from payment_links l where l.booking_id = ${b}
    union all select s.id::text from scheduled_payments s where s.booking_id = ${b}
    union all select a.id::text from approvals a where a.booking_id = ${b}
    union all select g.id::text from payment_link_groups g where g.booking_id = ${b}
    union all select m.id::text from group_members m join payment_link_groups g on g.id = m.group_id where g.booking_id = ${b}
    union all select n.id::text from credit_notes n where n.booking_created_from_id = ${b} or n.booking_applied_to_id = ${b})`;
  const own = [b, ...(booking.customerId ? [booking.customerId] : [])];
  return and(
    eq(auditRecords.organisationId, booking.organisationId),
    or(inArray(auditRecords.entityId, own), entities),
    visible,
  );
}
