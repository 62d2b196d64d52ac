import { createGroup } from '@/lib/core/groups/create-group';
import { createGroupSchema } from '@/lib/core/groups/group-input';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const PUT = apiRoute({ body: createGroupSchema }, ({ db, actor, body }) => createGroup(db, actor, body));

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods('PUT');
