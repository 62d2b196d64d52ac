import { bookingIdParams } from '@/lib/core/bookings/schemas';
import { availableTokens } from '@/lib/core/saved-cards/available-tokens';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({ params: bookingIdParams }, ({ db, actor, params }) =>
  availableTokens(db, actor, params.booking_id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
