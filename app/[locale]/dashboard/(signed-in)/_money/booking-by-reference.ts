import type { Actor } from '@/lib/auth/actor';
import { listBookings } from '@/lib/core/bookings/list-bookings';
import { listBookingsSchema } from '@/lib/core/bookings/schemas';
import { isUuid } from '@/lib/core/shared/is-uuid';
import type { Db } from '@/lib/db/types';
import { invalidField } from '@/lib/http/app-error';

/**
 * The booking staff named in a money form: its id as the API takes it (the core then answers another
 * organisation's with 404), or its reference as people know it, looked up among the live bookings of
 * `organisation` through the bookings list's exact `booking_reference` filter. None, or more than one,
 * is the form's validation error: a typo is not a missing page.
 */
export async function bookingIdFor(db: Db, actor: Actor, organisation: string, typed: string): Promise<string> {
  const text = typed.trim();
  if (isUuid(text)) return text;
  const found = await listBookings(
    db,
    actor,
    listBookingsSchema.parse({ organisation, booking_reference: text, take: 2 }),
  );
  if (found.items.length !== 1)
    throw invalidField('booking: no single booking of this organisation has this reference.', 'booking.reference');
  return found.items[0]!.id;
}
