import { desc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/lib/db/schema';

export type RecentDelivery = {
  id: string;
  eventType: string;
  url: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  createdAt: Date;
};

/**
 * The sandbox home page's one door to the deliveries (pages never import
 * lib/db): the latest deliveries of the given organisations, newest first. Server only.
 */
export async function recentWebhookDeliveries(organisationIds: string[], limit = 10): Promise<RecentDelivery[]> {
  if (organisationIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: webhookDeliveries.id,
      eventType: webhookEvents.type,
      url: webhookEndpoints.url,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.organisationId, organisationIds))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
