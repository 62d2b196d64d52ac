import { now } from '@/lib/clock';
import type { Db } from '@/lib/db/types';
import type { RenderedDelivery } from './claim-deliveries';
import { finishDelivery, finishEndpointGone, type Finish } from './finish-delivery';
import { postWebhook } from './post-webhook';
import { signWebhook } from './sign-webhook';

/** The body and headers of one attempt (docs/webhooks.md "Delivery"); sent_at is inside the signed body. */
export function webhookRequest(d: RenderedDelivery, sentAt: Date): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: d.eventId,
    type: d.eventType,
    created_at: d.eventCreatedAt,
    sent_at: sentAt.toISOString(),
    data: d.data,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'travel-pay-webhooks/1',
    'x-signature': signWebhook(body, d.secret),
    'x-event-id': d.eventId,
    'x-event-type': d.eventType,
    'x-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'x-delivery-id': d.id,
  };
  // For 24 h after a rotation the old secret signs too, so a receiver still holding it keeps verifying.
  if (d.previousSecret && d.previousSecretExpiresAt && new Date(d.previousSecretExpiresAt) > sentAt) {
    headers['x-signature-previous'] = signWebhook(body, d.previousSecret);
  }
  return { body, headers };
}

/** One attempt of one claimed delivery: POST, then record it (guarded on the claim). */
export async function deliverWebhook(db: Db, d: RenderedDelivery): Promise<Finish> {
  if (d.endpointGone) return finishEndpointGone(db, d, d.endpointGone);
  const sentAt = now();
  const { body, headers } = webhookRequest(d, sentAt);
  const outcome = await postWebhook(d.url, headers, body);
  // The operator's log gets the system code the tenant's delivery log leaves out (attempt-error.ts).
  if (outcome.code)
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: 'webhook attempt failed',
        delivery_id: d.id,
        endpoint_id: d.endpointId,
        attempt: d.attempts,
        error: outcome.error,
        code: outcome.code,
      }),
    );
  return finishDelivery(db, d, outcome, sentAt);
}
