import { createApiKey, createApiKeySchema } from '@/lib/core/api-keys/api-keys';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// Felloh's SDK creates keys here with POST (apiKeys.create); the same service as PUT /agent/api-keys.
export const POST = apiRoute({ body: createApiKeySchema }, ({ db, actor, body }) => createApiKey(db, actor, body));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
