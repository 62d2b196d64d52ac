import { bookingIdParams, updateReferenceSchema } from '@/lib/core/bookings/schemas';
import { updateBookingReference } from '@/lib/core/bookings/update-booking-reference';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ params: bookingIdParams, body: updateReferenceSchema }, ({ db, actor, params, body }) =>
  updateBookingReference(db, actor, params.booking_id, body.booking_reference),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
