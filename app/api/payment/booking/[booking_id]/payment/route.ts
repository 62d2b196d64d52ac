import { bookingIdParams } from '@/lib/core/bookings/schemas';
import { bookingPaymentSchema, createBookingPayment } from '@/lib/core/saved-cards/booking-payment';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute(
  { params: bookingIdParams, body: bookingPaymentSchema },
  ({ db, actor, params, body, request }) =>
    createBookingPayment(db, actor, params.booking_id, body, request.headers.get('idempotency-key')),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
