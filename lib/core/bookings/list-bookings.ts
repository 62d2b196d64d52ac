import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope } from '@/lib/auth/access';
import { bookingCounts, bookings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listPage } from '@/lib/http/list-result';
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
    conditions.push(
      or(
        containsInsensitive(bookings.customerName, input.keyword),
        containsInsensitive(bookings.bookingReference, input.keyword),
        containsInsensitive(bookings.email, input.keyword),
      ),
    );
  }
  if (input.booking_reference)
    conditions.push(eq(sql`lower(${bookings.bookingReference})`, input.booking_reference.toLowerCase()));
  if (input.date_from) conditions.push(gte(bookings.departureDate, input.date_from));
  if (input.date_to) conditions.push(lte(bookings.departureDate, input.date_to));
  const where = and(...conditions);
  const filtered = Boolean(input.keyword || input.booking_reference || input.date_from || input.date_to);
  const page = await listPage(
    input,
    (limit, offset) =>
      selectBookings(db, where).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(limit).offset(offset),
    // Unfiltered: the trigger-kept live count, constant time at any size. Filtered: count(*) over the same WHERE
    // (dates: an index-only scan of bookings_org_departure_idx; a keyword reads the organisation's rows).
    async () =>
      filtered ? (await db.select({ n: count() }).from(bookings).where(where))[0]!.n : liveBookings(db, scope),
  );
  const relations = await loadBookingRelations(
    db,
    page.items.map((row) => row.booking.id),
    { completedOnly: true },
  );
  return page.map((row) => serializeBooking(row, relations));
}

/** The live bookings of these organisations, from booking_counts (kept equal to count(*) by a trigger). */
async function liveBookings(db: Db, organisationIds: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${bookingCounts.live})` })
    .from(bookingCounts)
    .where(inArray(bookingCounts.organisationId, organisationIds));
  return Number(row?.n ?? 0);
}
