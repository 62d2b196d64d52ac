import { bookingIdParams } from '@/lib/core/bookings/schemas';
import { listBookingGroups } from '@/lib/core/groups/list-booking-groups';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({ params: bookingIdParams }, ({ db, actor, params }) =>
  listBookingGroups(db, actor, params.booking_id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
