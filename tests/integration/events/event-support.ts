import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '@/lib/db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/lib/db/schema';
import { eventTypes, type EventType } from '@/lib/events/event-types';
import { renderEvents } from '@/lib/events/render-events';
import { cards, pay } from '../support/payments';

/**
 * Endpoints are written as rows (the endpoints API is another part of the
 * work); everything else in these tests goes through the API or the service
 * path. Defaults: enabled, subscribed to every type.
 */
export async function subscribe(
  organisationId: string,
  overrides: Partial<typeof webhookEndpoints.$inferInsert> = {},
): Promise<string> {
  const [row] = await (
    await getDb()
  )
    .insert(webhookEndpoints)
    .values({
      organisationId,
      url: 'http://localhost:9/hook',
      eventTypes: [...eventTypes],
      secret: randomBytes(16).toString('hex'),
      ...overrides,
    })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

export async function eventsOf(resourceId: string, type?: EventType) {
  return (await getDb())
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.resourceId, resourceId), type ? eq(webhookEvents.type, type) : undefined));
}

export async function eventsOfOrganisation(organisationId: string) {
  return (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.organisationId, organisationId));
}

export async function deliveriesOf(eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return (await getDb()).select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, eventIds));
}

/** Renders an event as the delivery worker does (render-events.ts: stored once), answering the row as stored after. */
export async function renderEvent(event: typeof webhookEvents.$inferSelect) {
  const db = await getDb();
  await renderEvents(db, [event]);
  return (await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id)))[0]!;
}

/**
 * Exactly one event of `type` about `resourceId`, in `organisationId`, written
 * as a stub (data null: the change renders nothing), with one queued delivery
 * to each of `endpointIds` and no other; rendered now (as the worker would),
 * its data is `expected` (what the API's GET answers now). Answers it rendered.
 */
export async function expectOneEvent({
  organisationId,
  type,
  resourceId,
  expected,
  endpointIds,
}: {
  organisationId: string;
  type: EventType;
  resourceId: string;
  expected: unknown;
  endpointIds: string[];
}) {
  const events = await eventsOf(resourceId, type);
  expect(events).toHaveLength(1);
  const [event] = events;
  expect(event).toMatchObject({ organisationId, type, resourceId });
  expect(event!.data).toBeNull();
  const deliveries = await deliveriesOf([event!.id]);
  expect(deliveries.map((d) => d.endpointId).sort()).toEqual([...endpointIds].sort());
  expect(deliveries.every((d) => d.status === 'queued' && d.organisationId === organisationId)).toBe(true);
  const rendered = await renderEvent(event!);
  expect(rendered.data).toEqual(expected);
  return rendered;
}

/** A card payment on a link through the service path, answering its outcome with the transaction it made. */
export async function attempt(
  linkId: string,
  number: string = cards.visa,
): Promise<{ outcome: string; transactionId: string }> {
  const outcome = await pay(linkId, number);
  if (!('transactionId' in outcome)) throw new Error(`no transaction: ${JSON.stringify(outcome)}`);
  return outcome;
}
