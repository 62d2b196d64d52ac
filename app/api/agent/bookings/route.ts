import { bookingsToCsv } from '@/lib/core/bookings/bookings-csv';
import { createBooking } from '@/lib/core/bookings/create-booking';
import { listBookings } from '@/lib/core/bookings/list-bookings';
import { createBookingSchema, listBookingsSchema } from '@/lib/core/bookings/schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ body: listBookingsSchema }, async ({ db, actor, body }) => {
  const page = await listBookings(db, actor, body);
  if (body.type === 'json') return page;
  return new Response(bookingsToCsv(page.items), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="bookings.csv"',
      'cache-control': 'no-store',
    },
  });
});

// A duplicate reference is not an error: the existing booking comes back with 200.
export const PUT = apiRoute(
  { body: createBookingSchema },
  async ({ db, actor, body }) => (await createBooking(db, actor, body)).booking,
);

export const { GET, PATCH, DELETE, OPTIONS } = otherMethods('POST', 'PUT');
