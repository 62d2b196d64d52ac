import { and, eq } from 'drizzle-orm';
import { webhookDeliveries } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

export type QueuedFailure = 'endpoint_disabled' | 'endpoint_deleted';

/**
 * An endpoint that stops receiving fails what waits for it. A delivery in flight
 * at this moment is no longer 'queued', so its worker's guarded finish records
 * nothing over this (claim-deliveries.ts).
 */
export async function failQueuedDeliveries(tx: Executor, endpointId: string, reason: QueuedFailure): Promise<number> {
  const rows = await tx.update(webhookDeliveries).set({ status: 'failed', lastError: reason, nextAttemptAt: null, claimedAt: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'queued'))).returning({ id: webhookDeliveries.id });
  return rows.length;
}
