import { listRefunds, listRefundsSchema } from '@/lib/core/refunds/refunds';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ body: listRefundsSchema }, ({ db, actor, body }) => listRefunds(db, actor, body));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
