import { apiKeyIdParams, revokeApiKey } from '@/lib/core/api-keys/api-keys';
import { apiRoute } from '@/lib/http/api-route';

export const DELETE = apiRoute({ params: apiKeyIdParams }, async ({ db, actor, params }) => {
  await revokeApiKey(db, actor, params.id);
  return {};
});
