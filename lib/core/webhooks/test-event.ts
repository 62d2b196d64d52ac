import { sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { findEndpoint } from './find-endpoint';

/**
 * POST /agent/webhooks/{id}/test: a `webhook.test` event (data: the endpoint,
 * rendered at delivery like every event's, lib/events/event-data.ts) with one delivery, to this endpoint only, through the same outbox and worker
 * as every other event. Answers the event and delivery ids.
 */
export async function sendTestEvent(db: Db, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, actor, id, { forUpdate: true });
    if (endpoint.status !== 'enabled')
      throw new AppError(
        'webhook.endpoint_disabled',
        'The endpoint is disabled: enable it before sending a test event.',
      );
    const createdAt = now().toISOString();
    const [row] = await queryRows<{ event_id: string; delivery_id: string }>(
      tx,
      sql`
      with event as (
        insert into webhook_events (id, organisation_id, type, resource_id, data, created_at)
        values (gen_random_uuid(), ${endpoint.organisationId}, 'webhook.test', ${endpoint.id}, null, ${createdAt}::timestamptz)
        returning id
      )
      insert into webhook_deliveries (id, organisation_id, event_id, endpoint_id, created_at)
      select gen_random_uuid(), ${endpoint.organisationId}, event.id, ${endpoint.id}, ${createdAt}::timestamptz from event
      returning event_id, id as delivery_id`,
    );
    await recordAudit(tx, actor, {
      organisationId: endpoint.organisationId,
      type: 'webhook-endpoint:test',
      entityId: endpoint.id,
    });
    return { event_id: row!.event_id, delivery_id: row!.delivery_id };
  });
}
