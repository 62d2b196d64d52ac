import { and, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope } from '@/lib/auth/access';
import { bookings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { ListResult, toPage } from '@/lib/http/list-result';
import { containsInsensitive } from '../shared/sql-helpers';
import { selectBookings } from './booking-query';
import { loadBookingRelations } from './booking-relations';
import type { ListBookingsInput } from './schemas';
import { serializeBooking } from './serialize-booking';

/**
 * Newest first. In lists `transactions` holds only completed transactions and
 * `components` is always empty (service-interface.md).
 */
export async function listBookings(db: Db, actor: Actor, input: ListBookingsInput) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const conditions: (SQL | undefined)[] = [inArray(bookings.organisationId, scope), isNull(bookings.deletedAt)];
  if (input.keyword) {
    conditions.push(or(
      containsInsensitive(bookings.customerName, input.keyword),
      containsInsensitive(bookings.bookingReference, input.keyword),
      containsInsensitive(bookings.email, input.keyword),
    ));
  }
  if (input.booking_reference) conditions.push(eq(sql`lower(${bookings.bookingReference})`, input.booking_reference.toLowerCase()));
  if (input.date_from) conditions.push(gte(bookings.departureDate, input.date_from));
  if (input.date_to) conditions.push(lte(bookings.departureDate, input.date_to));
  const rows = await selectBookings(db, and(...conditions))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(input.take + 1)
    .offset(input.skip);
  const page = toPage(rows, input.take);
  const relations = await loadBookingRelations(db, page.items.map((row) => row.booking.id), { completedOnly: true });
  return new ListResult(page.items.map((row) => serializeBooking(row, relations)), page.hasMore);
}
