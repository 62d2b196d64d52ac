import { bookingIdParams } from '@/lib/core/bookings/schemas';
import { availableTokens } from '@/lib/core/saved-cards/available-tokens';
import { apiRoute } from '@/lib/http/api-route';

export const GET = apiRoute({ params: bookingIdParams }, ({ db, actor, params }) => availableTokens(db, actor, params.booking_id));
