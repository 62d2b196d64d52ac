import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation, requireRole } from '@/lib/auth/access';
import { bookings, organisations } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { findAccessibleBooking } from '../bookings/booking-query';
import { isUuid } from '../shared/is-uuid';

export type TerminalBooking = {
  id: string;
  organisationId: string;
  reference: string;
  customerId: string | null;
  customerName: string;
  email: string;
  currency: string;
  /** The organisation's payment_methods say MOTO_IN_PERSON may be recorded (the terminal offers the choice). */
  inPersonAllowed: boolean;
  otherAllowed: boolean;
};

/**
 * The booking a phone payment is for, as staff name it: its id (the booking page's "Take a phone payment" link),
 * or its reference in the organisation in view (what a caller reads out; references are unique there, compared
 * case-insensitively). A booking the actor cannot reach answers 404 either way, as the API does.
 */
export async function findTerminalBooking(
  db: Executor,
  actor: Actor,
  organisationId: string,
  booking: string,
): Promise<TerminalBooking> {
  requireRole(actor, 'booking-and-payment:create:payment');
  const row = isUuid(booking)
    ? (await findAccessibleBooking(db, actor, booking)).booking
    : (
        await db
          .select()
          .from(bookings)
          .where(
            and(
              eq(bookings.organisationId, organisationId),
              sql`lower(${bookings.bookingReference}) = lower(${booking.trim()})`,
              isNull(bookings.deletedAt),
            ),
          )
          .limit(1)
      )[0];
  if (!row || !canAccessOrganisation(actor, row.organisationId)) throw notFound('Booking');
  const methods = await terminalMethodsOf(db, row.organisationId);
  return {
    id: row.id,
    organisationId: row.organisationId,
    reference: row.bookingReference,
    customerId: row.customerId,
    customerName: row.customerName,
    email: row.email,
    currency: row.currency,
    ...methods,
  };
}

/** Which MOTO methods the organisation's payment_methods allow the terminal to record. */
export async function terminalMethodsOf(db: Executor, organisationId: string) {
  const [organisation] = await db
    .select({ paymentMethods: organisations.paymentMethods })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const methods = organisation?.paymentMethods ?? [];
  return { inPersonAllowed: methods.includes('MOTO_IN_PERSON'), otherAllowed: methods.includes('MOTO_OTHER') };
}
