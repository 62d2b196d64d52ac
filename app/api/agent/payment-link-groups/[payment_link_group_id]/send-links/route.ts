import { groupIdParams } from '@/lib/core/groups/group-input';
import { sendLinks } from '@/lib/core/groups/send-group-links';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// The interface's body is empty JSON: nothing is read from it.
export const POST = apiRoute({ params: groupIdParams }, ({ db, actor, params }) =>
  sendLinks(db, actor, params.payment_link_group_id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
