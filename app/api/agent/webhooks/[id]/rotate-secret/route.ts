import { rotateWebhookSecret } from '@/lib/core/webhooks/change-endpoint';
import { webhookIdParams } from '@/lib/core/webhooks/schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ params: webhookIdParams }, ({ db, actor, params }) =>
  rotateWebhookSecret(db, actor, params.id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
