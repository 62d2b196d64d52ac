import { exchangeKeysForToken, tokenRequestSchema } from '@/lib/core/api-keys/issue-token';
import { publicApiRoute } from '@/lib/http/api-route';

export const POST = publicApiRoute({ body: tokenRequestSchema }, ({ db, body }) => exchangeKeysForToken(db, body));
