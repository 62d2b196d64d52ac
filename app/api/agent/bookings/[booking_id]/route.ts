import { deleteBooking } from '@/lib/core/bookings/delete-booking';
import { getBooking } from '@/lib/core/bookings/get-booking';
import { bookingIdParams, updateBookingSchema } from '@/lib/core/bookings/schemas';
import { updateBooking } from '@/lib/core/bookings/update-booking';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({ params: bookingIdParams }, ({ db, actor, params }) =>
  getBooking(db, actor, params.booking_id),
);

export const POST = apiRoute(
  { params: bookingIdParams, body: updateBookingSchema },
  async ({ db, actor, params, body }) => {
    await updateBooking(db, actor, params.booking_id, body);
    return {};
  },
);

export const DELETE = apiRoute({ params: bookingIdParams }, async ({ db, actor, params }) => {
  await deleteBooking(db, actor, params.booking_id);
  return {};
});

export const { PUT, PATCH, OPTIONS } = otherMethods('GET', 'POST', 'DELETE');
