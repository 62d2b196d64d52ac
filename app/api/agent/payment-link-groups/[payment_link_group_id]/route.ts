import { getGroup } from '@/lib/core/groups/get-group';
import { groupIdParams } from '@/lib/core/groups/group-input';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({ params: groupIdParams }, ({ db, actor, params }) =>
  getGroup(db, actor, params.payment_link_group_id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
