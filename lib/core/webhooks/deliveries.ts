import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEvents } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { renderEvents, type EventData } from '@/lib/events/render-events';
import { AppError, notFound } from '@/lib/http/app-error';
import { listPage } from '@/lib/http/list-result';
import { recordAudit } from '../audit/record-audit';
import { isUuid } from '../shared/is-uuid';
import { findEndpoint } from './find-endpoint';
import type { deliveryLogSchema } from './schemas';

type Delivery = typeof webhookDeliveries.$inferSelect;
type Attempt = typeof webhookDeliveryAttempts.$inferSelect;
type Event = Pick<typeof webhookEvents.$inferSelect, 'id' | 'type' | 'createdAt' | 'resourceId' | 'data'>;
const eventColumns = {
  id: webhookEvents.id,
  type: webhookEvents.type,
  createdAt: webhookEvents.createdAt,
  resourceId: webhookEvents.resourceId,
  data: webhookEvents.data,
};

function serializeDelivery(delivery: Delivery, event: Event, data: EventData, attempts: Attempt[]) {
  return {
    id: delivery.id,
    event: { id: event.id, type: event.type, created_at: event.createdAt.toISOString(), data },
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.status === 'queued' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    replay_of: delivery.replayOf,
    created_at: delivery.createdAt.toISOString(),
    attempt_log: attempts.map((a) => ({
      attempt: a.attempt,
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
      created_at: a.createdAt.toISOString(),
    })),
  };
}

/** POST /agent/webhooks/{id}/deliveries: the endpoint's deliveries, newest first, each with its attempts. */
export async function listDeliveries(db: Db, actor: Actor, id: string, input: z.output<typeof deliveryLogSchema>) {
  const endpoint = await findEndpoint(db, actor, id);
  const where = eq(webhookDeliveries.endpointId, endpoint.id);
  const page = await listPage(
    input,
    (limit, offset) =>
      db
        .select({ delivery: webhookDeliveries, event: eventColumns })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(webhookDeliveries).where(where))[0]!.n,
  );
  const ids = page.items.map((row) => row.delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookDeliveryAttempts)
          .where(inArray(webhookDeliveryAttempts.deliveryId, ids))
          .orderBy(asc(webhookDeliveryAttempts.attempt));
  const data = await renderedData(
    db,
    page.items.map((row) => row.event),
  );
  return page.map((row) =>
    serializeDelivery(
      row.delivery,
      row.event,
      data.get(row.event.id)!,
      attempts.filter((a) => a.deliveryId === row.delivery.id),
    ),
  );
}

/** POST /agent/webhooks/{id}/deliveries/{delivery_id}/replay: a new delivery of the same event, `replay_of` the one named. */
export async function replayDelivery(db: Db, actor: Actor, id: string, deliveryId: string) {
  const { replay, event } = await db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, actor, id, { forUpdate: true });
    if (!isUuid(deliveryId)) throw notFound('Webhook delivery');
    const [original] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)));
    if (!original) throw notFound('Webhook delivery');
    if (endpoint.status !== 'enabled')
      throw new AppError(
        'webhook.endpoint_disabled',
        'The endpoint is disabled: enable it before replaying a delivery.',
      );
    const [replay] = await tx
      .insert(webhookDeliveries)
      .values({
        organisationId: endpoint.organisationId,
        eventId: original.eventId,
        endpointId: endpoint.id,
        replayOf: original.id,
        createdAt: now(),
      })
      .returning();
    const [event] = await tx.select(eventColumns).from(webhookEvents).where(eq(webhookEvents.id, original.eventId));
    await recordAudit(tx, actor, {
      organisationId: endpoint.organisationId,
      type: 'webhook-delivery:replay',
      entityId: replay!.id,
    });
    return { replay: replay!, event: event! };
  });
  // The same event, so the same data as every attempt of the original (rendered now if it never was).
  return serializeDelivery(replay, event, (await renderedData(db, [event])).get(event.id)!, []);
}

/**
 * The events' data as their deliveries carry it: stubs are rendered here through
 * the same function as the worker's (stored once), so the log never shows a
 * stub. A resource that cannot be read (a database error) fails the request.
 */
async function renderedData(db: Db, events: Event[]): Promise<Map<string, EventData>> {
  let failure: unknown;
  const data = await renderEvents(db, events, (_id, error) => {
    failure ??= error;
  });
  if (failure) throw failure;
  return data;
}
