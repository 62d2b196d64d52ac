import { autoCollectBody, autoCollectParams, turnOffAutoCollect } from '@/lib/core/groups/turn-off-auto-collect';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// An extension of the interface (docs/api-extensions.md): the organiser turns a member's automatic collection off.
export const PUT = apiRoute({ params: autoCollectParams, body: autoCollectBody }, ({ db, actor, params, body }) =>
  turnOffAutoCollect(db, actor, params.payment_link_group_id, params.member_id, body),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods('PUT');
