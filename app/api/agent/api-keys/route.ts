import { createApiKey, createApiKeySchema, listApiKeys, listApiKeysSchema } from '@/lib/core/api-keys/api-keys';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// API extension (docs/api-extensions.md): manage keys in the interface's verb style.
export const PUT = apiRoute({ body: createApiKeySchema }, ({ db, actor, body }) => createApiKey(db, actor, body));
export const POST = apiRoute({ body: listApiKeysSchema }, ({ db, actor, body }) => listApiKeys(db, actor, body));

export const { GET, PATCH, DELETE, OPTIONS } = otherMethods('POST', 'PUT');
