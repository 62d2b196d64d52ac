import { listDeliveries } from '@/lib/core/webhooks/deliveries';
import { deliveryLogSchema, webhookIdParams } from '@/lib/core/webhooks/schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ params: webhookIdParams, body: deliveryLogSchema }, ({ db, actor, params, body }) =>
  listDeliveries(db, actor, params.id, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
