import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { organisations, paymentLinks, transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';
import { PAYING_STATUSES } from '../checkout/checkout-status';
import { checkoutExpired, checkoutPaid, paymentInProgress } from './payment-errors';

/**
 * A link or session that can take a payment now, with its organisation's
 * payment settings. Expired or paid checkouts are refused here, on the server,
 * whatever the page showed: a group member's link is paid too when another
 * payment of the member settled it, or covers it (in progress: refused as such).
 */
export async function loadPayableCheckout(db: Executor, checkoutId: string, { lock = false } = {}) {
  const query = db.select({ link: paymentLinks, organisation: organisations }).from(paymentLinks)
    .innerJoin(organisations, eq(organisations.id, paymentLinks.organisationId))
    .where(and(eq(paymentLinks.id, checkoutId), isNull(paymentLinks.deletedAt)));
  // FOR UPDATE OF the link only: a payment starting and a delete of the link serialise on this row.
  const [row] = lock ? await query.for('update', { of: paymentLinks }) : await query;
  if (!row) throw notFound('Payment link');
  const [paying] = await db.select({ id: transactions.id }).from(transactions)
    .where(and(eq(transactions.paymentLinkId, checkoutId), inArray(transactions.status, [...PAYING_STATUSES]))).limit(1);
  if (paying || row.link.settledByTransactionId) throw checkoutPaid();
  if (row.link.groupMemberId) {
    const [covering] = await db.select({ status: transactions.status }).from(transactions)
      // By booking first (indexed): a member's payments are all on the group's booking.
      .where(and(row.link.bookingId ? eq(transactions.bookingId, row.link.bookingId) : undefined, sql`${transactions.coveredLinkIds} @> array[${checkoutId}::uuid]`, inArray(transactions.status, ['PAYMENTINPROGRESS', ...PAYING_STATUSES]))).limit(1);
    if (covering) throw covering.status === 'PAYMENTINPROGRESS' ? paymentInProgress() : checkoutPaid();
  }
  if (row.link.expiresAt.getTime() <= now().getTime()) throw checkoutExpired();
  return { link: row.link, organisation: row.organisation, settings: effectivePaymentSettings(row.organisation.settings, row.organisation.country) };
}

export type PayableCheckout = Awaited<ReturnType<typeof loadPayableCheckout>>;
