import { apiKeyIdParams, revokeApiKey } from '@/lib/core/api-keys/api-keys';
import { apiRoute } from '@/lib/http/api-route';

// Felloh's SDK revokes keys here (apiKeys.delete); the same service as DELETE /agent/api-keys/{id}.
export const DELETE = apiRoute({ params: apiKeyIdParams }, async ({ db, actor, params }) => {
  await revokeApiKey(db, actor, params.id);
  return {};
});
