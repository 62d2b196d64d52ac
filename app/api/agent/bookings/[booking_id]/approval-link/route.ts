import { sendApprovalLink } from '@/lib/core/approvals/send-approval-link';
import { bookingIdParams } from '@/lib/core/bookings/schemas';
import { apiRoute } from '@/lib/http/api-route';

export const POST = apiRoute({ params: bookingIdParams }, async ({ db, actor, params }) => {
  await sendApprovalLink(db, actor, params.booking_id);
  return {};
});
