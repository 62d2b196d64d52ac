import { deleteWebhook, updateWebhook } from '@/lib/core/webhooks/change-endpoint';
import { getWebhook } from '@/lib/core/webhooks/endpoints';
import { updateWebhookSchema, webhookIdParams } from '@/lib/core/webhooks/schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({ params: webhookIdParams }, ({ db, actor, params }) => getWebhook(db, actor, params.id));
export const POST = apiRoute({ params: webhookIdParams, body: updateWebhookSchema }, ({ db, actor, params, body }) =>
  updateWebhook(db, actor, params.id, body),
);
export const DELETE = apiRoute({ params: webhookIdParams }, async ({ db, actor, params }) => {
  await deleteWebhook(db, actor, params.id);
  return {};
});

export const { PUT, PATCH, OPTIONS } = otherMethods('GET', 'POST', 'DELETE');
