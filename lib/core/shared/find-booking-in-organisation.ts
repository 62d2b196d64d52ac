import { and, eq, isNull } from 'drizzle-orm';
import { bookings } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';

/** A live booking of exactly this organisation, for linking money to it; anything else is a 404. */
export async function findBookingInOrganisation(db: Executor, organisationId: string, bookingId: string) {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.organisationId, organisationId), isNull(bookings.deletedAt)));
  if (!booking) throw notFound('Booking');
  return booking;
}
