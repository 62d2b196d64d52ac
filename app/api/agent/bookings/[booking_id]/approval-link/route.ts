import { sendApprovalLink } from '@/lib/core/approvals/send-approval-link';
import { bookingIdParams } from '@/lib/core/bookings/schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ params: bookingIdParams }, ({ db, actor, params }) =>
  sendApprovalLink(db, actor, params.booking_id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
