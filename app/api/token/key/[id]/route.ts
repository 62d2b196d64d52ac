import { apiKeyIdParams, revokeApiKey } from '@/lib/core/api-keys/api-keys';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// Felloh's SDK revokes keys here (apiKeys.delete); the same service as DELETE /agent/api-keys/{id}.
export const DELETE = apiRoute({ params: apiKeyIdParams }, async ({ db, actor, params }) => {
  await revokeApiKey(db, actor, params.id);
  return {};
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods('DELETE');
