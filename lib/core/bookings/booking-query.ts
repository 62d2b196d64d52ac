import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation } from '@/lib/auth/access';
import { listsTemplate } from '@/lib/db/lists-template';
import { bookings, users } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';

/** A booking row with its creator's email: what every booking response is built from. */
export const bookingSelection = { booking: bookings, creatorEmail: users.email };
export type BookingRow = { booking: typeof bookings.$inferSelect; creatorEmail: string };

export function selectBookings(db: Executor, where: SQL | undefined) {
  return db.select(bookingSelection).from(bookings).innerJoin(users, eq(users.id, bookings.userId)).where(where);
}

/**
 * The booking row every booking request starts with (the API's and the back office's), built and planned once
 * (lib/db/lists-template.ts): PGlite spent three times as long planning it as running it.
 */
const liveBooking = listsTemplate((db, v: Record<'booking', string>) => ({
  rows: selectBookings(db, and(eq(bookings.id, v.booking), isNull(bookings.deletedAt))),
}));

/**
 * A live booking the actor may reach. Another organisation's booking answers the
 * same 404 as an unknown id, so ids reveal nothing across organisations.
 */
export async function findAccessibleBooking(db: Executor, actor: Actor, bookingId: string): Promise<BookingRow> {
  const {
    rows: [row],
  } = await liveBooking(db, { booking: bookingId }, {});
  if (!row || !canAccessOrganisation(actor, row.booking.organisationId)) throw notFound('Booking');
  return row;
}
