import { groupIdParams } from '@/lib/core/groups/group-input';
import { rotatePortalToken } from '@/lib/core/groups/rotate-portal-token';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// Extension (docs/api-extensions.md): a new leader link; no body is read.
export const POST = apiRoute({ params: groupIdParams }, ({ db, actor, params }) =>
  rotatePortalToken(db, actor, params.payment_link_group_id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
