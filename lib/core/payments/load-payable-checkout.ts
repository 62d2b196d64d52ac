import { and, eq, isNull, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { organisations, paymentLinks } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';
import { PAYING_STATUSES } from '../checkout/checkout-status';
import { linkCoveredSql, linkPaidSql } from '../groups/link-paid-sql';
import { checkoutExpired, checkoutPaid, paymentInProgress } from './payment-errors';

/**
 * A link or session that can take a payment now, with its organisation's
 * payment settings. Expired or paid checkouts are refused here, on the server,
 * whatever the page showed: a group member's link is paid too when another
 * payment of the member settled it, or covers it (in progress: refused as such).
 */
export async function loadPayableCheckout(db: Executor, checkoutId: string, { lock = false } = {}) {
  const query = db
    .select({ link: paymentLinks, organisation: organisations })
    .from(paymentLinks)
    .innerJoin(organisations, eq(organisations.id, paymentLinks.organisationId))
    .where(and(eq(paymentLinks.id, checkoutId), isNull(paymentLinks.deletedAt)));
  // FOR UPDATE OF the link only: a payment starting and a delete of the link serialise on this row.
  const [row] = lock ? await query.for('update', { of: paymentLinks }) : await query;
  if (!row) throw notFound('Payment link');
  // A statement of its own after the lock, so it sees what a payment that held the lock committed.
  const [state] = await queryRows<{ paid: boolean; covered_paying: boolean; covered_in_progress: boolean }>(
    db,
    sql`
    select ${linkPaidSql('l')} as paid, ${linkCoveredSql('l', PAYING_STATUSES)} as covered_paying,
      ${linkCoveredSql('l', ['PAYMENTINPROGRESS'])} as covered_in_progress
    from payment_links l where l.id = ${checkoutId}`,
  );
  if (state?.paid || state?.covered_paying) throw checkoutPaid();
  if (state?.covered_in_progress) throw paymentInProgress();
  if (row.link.expiresAt.getTime() <= now().getTime()) throw checkoutExpired();
  return {
    link: row.link,
    organisation: row.organisation,
    settings: effectivePaymentSettings(row.organisation.settings, row.organisation.country),
  };
}

export type PayableCheckout = Awaited<ReturnType<typeof loadPayableCheckout>>;
