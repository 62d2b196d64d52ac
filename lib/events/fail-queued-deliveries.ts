import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';

export type QueuedFailure = 'endpoint_disabled' | 'endpoint_deleted';

/**
 * An endpoint that stops receiving fails what waits for it, claimed or not: a
 * worker whose claim is failed here finds it no longer 'queued', so its guarded
 * finish records nothing over this (finish-delivery.ts).
 *
 * SKIP LOCKED: a delivery whose attempt is being recorded right now is left to
 * that worker. Waiting for it would deadlock: the worker holds its delivery row
 * and then waits for the endpoint row that the caller (disabling the endpoint)
 * holds. What is skipped ends delivered or failed, or goes back to the queue,
 * and its next claim sees the endpoint gone and fails it without sending
 * (claim-deliveries.ts `endpointGone`).
 */
export async function failQueuedDeliveries(tx: Executor, endpointId: string, reason: QueuedFailure): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    update webhook_deliveries set status = 'failed', last_error = ${reason}, next_attempt_at = null, claimed_at = null
    where id in (
      select id from webhook_deliveries where endpoint_id = ${endpointId}::uuid and status = 'queued'
      for update skip locked)
    returning id`,
  );
  return rows.length;
}
