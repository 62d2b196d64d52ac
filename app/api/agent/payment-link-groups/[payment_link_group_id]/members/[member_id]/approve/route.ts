import { approveMember, approveMemberParams } from '@/lib/core/groups/approve-member';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// An extension of the interface (docs/api-extensions.md): the organisation approves a leader-added member to be emailed.
export const POST = apiRoute({ params: approveMemberParams }, ({ db, actor, params }) =>
  approveMember(db, actor, params.payment_link_group_id, params.member_id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
