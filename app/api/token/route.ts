import { exchangeKeysForToken, tokenRequestSchema } from '@/lib/core/api-keys/issue-token';
import { publicApiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = publicApiRoute({ body: tokenRequestSchema }, ({ db, body }) => exchangeKeysForToken(db, body));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
