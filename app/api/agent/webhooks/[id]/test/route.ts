import { webhookIdParams } from '@/lib/core/webhooks/schemas';
import { sendTestEvent } from '@/lib/core/webhooks/test-event';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ params: webhookIdParams }, ({ db, actor, params }) =>
  sendTestEvent(db, actor, params.id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
