import { notificationBatchSchema } from '@/lib/core/processor-notifications/notification-item';
import {
  checkBasicAuth,
  receiveAdyenNotifications,
} from '@/lib/core/processor-notifications/receive-adyen-notifications';
import { publicApiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-body';
import { parseInput } from '@/lib/http/validation';

/**
 * Adyen's standard notifications (docs/processor-notifications.md). No API
 * token: Adyen calls it, proven by each item's HMAC signature and, when
 * configured, Basic auth (checked before the body is read). Answers the text
 * `[accepted]` Adyen expects once every item is stored.
 */
export const POST = publicApiRoute({}, async ({ db, request }) => {
  checkBasicAuth(request.headers.get('authorization'));
  const batch = parseInput(notificationBatchSchema, await readJsonBody(request));
  await receiveAdyenNotifications(
    db,
    batch.notificationItems.map((entry) => entry.NotificationRequestItem),
  );
  return new Response('[accepted]', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
