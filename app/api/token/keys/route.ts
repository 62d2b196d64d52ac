import { listApiKeys, listApiKeysSchema } from '@/lib/core/api-keys/api-keys';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// Felloh's SDK lists keys here (apiKeys.list); the same service as POST /agent/api-keys.
export const POST = apiRoute({ body: listApiKeysSchema }, ({ db, actor, body }) => listApiKeys(db, actor, body));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
