import type { Db } from '@/lib/db/types';
import { claimRenderedDeliveries } from '@/lib/events/claim-deliveries';
import { deliverWebhook } from '@/lib/events/deliver-webhook';
import type { Finish } from '@/lib/events/finish-delivery';

export type WebhooksReport = Record<Finish, number>;

/**
 * Delivers due webhook deliveries: claims a batch (SKIP LOCKED, so any number
 * of workers may run this at once) and sends all of it at the same time over
 * keep-alive connections; each attempt is recorded as its answer comes.
 * Events still stubs are rendered first, once (claimRenderedDeliveries).
 */
export async function deliverDueWebhooks(db: Db, limit = 100): Promise<WebhooksReport> {
  const report: WebhooksReport = { delivered: 0, retrying: 0, failed: 0, lost: 0 };
  const claimed = await claimRenderedDeliveries(db, limit);
  const outcomes = await Promise.all(claimed.map((delivery) => deliverWebhook(db, delivery)));
  for (const outcome of outcomes) report[outcome] += 1;
  return report;
}
