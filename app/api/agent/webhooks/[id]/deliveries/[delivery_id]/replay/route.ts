import { replayDelivery } from '@/lib/core/webhooks/deliveries';
import { deliveryIdParams } from '@/lib/core/webhooks/schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ params: deliveryIdParams }, ({ db, actor, params }) =>
  replayDelivery(db, actor, params.id, params.delivery_id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
