import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireOrganisation, requireRole } from '@/lib/auth/access';
import { bookings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { recordAudit } from '../audit/record-audit';
import { findOrCreateCustomer } from '../customers/find-or-create-customer';
import { assertDatesInOrder } from './booking-dates';
import { selectBookings, type BookingRow } from './booking-query';
import { loadBookingRelations } from './booking-relations';
import type { CreateBookingInput } from './schemas';
import { serializeBooking } from './serialize-booking';

class DuplicateReference extends Error {}

/**
 * Creates a booking, or returns the live booking that already has this reference
 * in the organisation (compared case-insensitively) without creating anything.
 * The unique index decides races: two requests with one reference make one booking.
 */
export async function createBooking(db: Db, actor: Actor, input: CreateBookingInput) {
  requireOrganisation(actor, input.organisation);
  requireRole(actor, 'booking-and-payment:create:booking');
  assertDatesInOrder(input.departure_date, input.return_date);
  const existing = await findByReference(db, input.organisation, input.booking_reference);
  if (existing) return { created: false, booking: await respond(db, existing) };
  try {
    const created = await db.transaction(async (tx) => {
      const customer = await findOrCreateCustomer(tx, actor, {
        organisationId: input.organisation,
        customerName: input.customer_name,
        email: input.email,
      });
      const [booking] = await tx
        .insert(bookings)
        .values({
          organisationId: input.organisation,
          userId: actor.userId,
          customerId: customer.id,
          bookingReference: input.booking_reference,
          customerName: input.customer_name,
          email: input.email,
          currency: input.currency,
          grossAmount: input.gross_amount ?? null,
          departureDate: input.departure_date ?? null,
          returnDate: input.return_date ?? null,
          packageType: input.package_type ?? null,
        })
        .onConflictDoNothing()
        .returning();
      // Lost a race to a request with the same reference: roll back (and the customer with it).
      if (!booking) throw new DuplicateReference();
      await recordAudit(tx, actor, {
        organisationId: input.organisation,
        type: 'booking:create',
        entityId: booking.id,
      });
      return { booking, creatorEmail: actor.userEmail };
    });
    return { created: true, booking: await respond(db, created) };
  } catch (error) {
    if (!(error instanceof DuplicateReference)) throw error;
    const winner = await findByReference(db, input.organisation, input.booking_reference);
    return { created: false, booking: await respond(db, winner!) };
  }
}

async function findByReference(db: Db, organisationId: string, reference: string): Promise<BookingRow | undefined> {
  const [row] = await selectBookings(
    db,
    and(
      eq(bookings.organisationId, organisationId),
      eq(sql`lower(${bookings.bookingReference})`, reference.toLowerCase()),
      isNull(bookings.deletedAt),
    ),
  );
  return row;
}

/** The create response: the Booking plus `customer` and `is_temporary`. */
async function respond(db: Db, row: BookingRow) {
  const relations = await loadBookingRelations(db, [row.booking.id], { completedOnly: false });
  return {
    ...serializeBooking(row, relations),
    customer: row.booking.customerId ? { id: row.booking.customerId } : null,
    is_temporary: row.booking.isTemporary,
  };
}
