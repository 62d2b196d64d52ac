import { listRefunds, listRefundsSchema } from '@/lib/core/refunds/refunds';
import { apiRoute } from '@/lib/http/api-route';

export const POST = apiRoute({ body: listRefundsSchema }, ({ db, actor, body }) => listRefunds(db, actor, body));
