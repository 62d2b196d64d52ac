import { eq } from 'drizzle-orm';
import { bookings, customers, organisations, scheduledPayments } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

/** Scheduled payments with what their answer shows: booking, customer and organisation. */
export function selectScheduledPayments(db: Executor) {
  return db
    .select({
      payment: scheduledPayments,
      booking: bookings,
      customer: customers,
      organisationName: organisations.name,
    })
    .from(scheduledPayments)
    .innerJoin(bookings, eq(bookings.id, scheduledPayments.bookingId))
    .innerJoin(organisations, eq(organisations.id, scheduledPayments.organisationId))
    .leftJoin(customers, eq(customers.id, bookings.customerId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectScheduledPayments>['where']>>[number];

/** A scheduled payment as POST /payment/scheduled-payments lists it (the interface has no GET of one). */
export function serializeScheduledPayment({ payment: p, booking: b, customer: c, organisationName }: Row) {
  return {
    id: p.id,
    amount: p.amount,
    currency: p.currency,
    booking: { id: b.id, booking_reference: b.bookingReference },
    customer: c ? { id: c.id, customer_name: c.customerName } : { id: null, customer_name: b.customerName },
    organisation: { id: p.organisationId, name: organisationName },
    transaction: { id: p.transactionId },
    execute_after: p.executeAfter.toISOString(),
    status: p.status,
    authorisation_only: p.authorisationOnly,
    failure_reason: p.failureReason,
    created_at: p.createdAt.toISOString(),
  };
}

/** One scheduled payment as the list shows it, for its events (read inside the changing transaction). */
export async function loadScheduledPaymentResource(db: Executor, id: string) {
  const [row] = await selectScheduledPayments(db).where(eq(scheduledPayments.id, id));
  return row ? serializeScheduledPayment(row) : null;
}
