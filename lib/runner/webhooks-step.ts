import type { Db } from '@/lib/db/types';
import { deliveryLane, type WebhooksReport } from '@/lib/events/delivery-lane';

export type { WebhooksReport };

/**
 * The runner's webhook step: claims due deliveries into the process's delivery lane and returns once
 * they are started (how many). They are sent and recorded in the lane, which refills itself as attempts
 * end, so neither a slow receiver nor a backlog holds the runner's other steps (docs/webhooks.md "Delivery").
 * Events still stubs are rendered first, once (claimRenderedDeliveries).
 */
export function dispatchDueWebhooks(db: Db, limit?: number): Promise<number> {
  return deliveryLane(db).fill(limit);
}

/** Claims no more and waits for the attempts in flight in this process: `npm run worker` before it closes the database. */
export function drainWebhooks(db: Db): Promise<WebhooksReport> {
  return deliveryLane(db).drain();
}

/**
 * Claims due deliveries (up to `limit`), sends them through the same lane and waits for their outcomes:
 * for a caller that needs them before it goes on (the delivery tests, which count outcomes per call).
 */
export async function deliverDueWebhooks(db: Db, limit = 100): Promise<WebhooksReport> {
  const lane = deliveryLane(db);
  await lane.fill(limit);
  return lane.settled();
}
