import { enumerations } from '@/lib/core/enums';
import { publicApiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// Public (the interface's sample request carries no token) and cacheable for up to an hour.
export const GET = publicApiRoute({ cacheSeconds: 3600 }, async () => enumerations());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
