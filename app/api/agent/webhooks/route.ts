import { createWebhook, listWebhooks } from '@/lib/core/webhooks/endpoints';
import { createWebhookSchema, listWebhooksSchema } from '@/lib/core/webhooks/schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// API extension (docs/api-extensions.md "Webhooks"): merchant webhook endpoints.
export const PUT = apiRoute({ body: createWebhookSchema }, ({ db, actor, body }) => createWebhook(db, actor, body));
export const POST = apiRoute({ body: listWebhooksSchema }, ({ db, actor, body }) => listWebhooks(db, actor, body));

export const { GET, PATCH, DELETE, OPTIONS } = otherMethods('POST', 'PUT');
