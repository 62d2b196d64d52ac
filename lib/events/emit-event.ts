import { sql, type SQL } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import type { EventType } from './event-types';

export type EventInput = {
  organisationId: string;
  type: EventType;
  /** The resource's id (transaction, refund, payment link, ...). */
  resourceId: string;
  /**
   * The resource as the API would return it, read inside the caller's
   * transaction so it shows the change. Called only when an endpoint listens:
   * an organisation without webhooks pays one indexed lookup per event, no more.
   */
  data: (tx: Executor) => Promise<Record<string, unknown>>;
};

/** The enabled endpoints of an organisation subscribed to a type: `e` is webhook_endpoints. */
const listeningEndpoints = (organisationId: string, type: EventType): SQL => sql`
  e.organisation_id = ${organisationId} and e.status = 'enabled' and e.deleted_at is null and ${type} = any(e.event_types)`;

/**
 * Which of `types` some enabled endpoint of the organisation subscribes to: one
 * lookup on webhook_endpoints_org_idx, whatever the number of types. A change
 * that may emit several events (a payment: the transaction, its link, its
 * group) asks once, and an organisation without webhooks stops here.
 * `alongside`: a data-modifying statement of the change (an UPDATE) run in
 * the same round trip, as a CTE, so the lookup costs the change no extra one.
 */
export async function listenedTypes(tx: Executor, organisationId: string, types: readonly EventType[], alongside?: SQL): Promise<Set<EventType>> {
  if (types.length === 0) return new Set();
  const rows = await queryRows<{ type: EventType }>(tx, sql`
    ${alongside ? sql`with alongside as (${alongside})` : sql``}
    select distinct t.type from webhook_endpoints e cross join lateral unnest(e.event_types) as t(type)
    where e.organisation_id = ${organisationId} and e.status = 'enabled' and e.deleted_at is null
      and t.type in (${sql.join(types.map((type) => sql`${type}`), sql`, `)})`);
  return new Set(rows.map((row) => row.type));
}

/**
 * Writes an event and its deliveries (one per enabled endpoint of the
 * organisation subscribed to the type) into the outbox. Call it with the
 * transaction that makes the change: the event then exists exactly when the
 * change does (docs/webhooks.md "Outbox"). Answers the event id, or null when
 * no endpoint listens (nothing is written).
 */
export async function emitEvent(tx: Executor, event: EventInput): Promise<string | null> {
  const listening = await queryRows<{ id: string }>(tx, sql`select e.id from webhook_endpoints e where ${listeningEndpoints(event.organisationId, event.type)} limit 1`);
  if (listening.length === 0) return null;
  return writeEvent(tx, event);
}

/**
 * Several events of one organisation from one change: one lookup for all of
 * them (listenedTypes), then the listened ones written together (writeEvents).
 * Answers the ids written (in no particular order).
 */
export async function emitEvents(tx: Executor, organisationId: string, events: readonly Omit<EventInput, 'organisationId'>[]): Promise<string[]> {
  const listened = await listenedTypes(tx, organisationId, [...new Set(events.map((event) => event.type))]);
  return writeEvents(tx, organisationId, events.filter((event) => listened.has(event.type)));
}

/** One event, as writeEvents writes it. */
export async function writeEvent(tx: Executor, event: EventInput): Promise<string> {
  const [id] = await writeEvents(tx, event.organisationId, [event]);
  return id!;
}

/**
 * Events of one organisation and their deliveries in one statement, for types
 * listenedTypes said some endpoint listens to (else an event would be written
 * with no delivery). Each `data` is read first, in order, in the caller's
 * transaction. For callers that decide per event whether to read more (a
 * batch reading its resources in one query).
 */
export async function writeEvents(tx: Executor, organisationId: string, events: readonly Omit<EventInput, 'organisationId'>[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows: SQL[] = [];
  for (const event of events) {
    rows.push(sql`(${event.type}::text, ${event.resourceId}::text, ${JSON.stringify(await event.data(tx))}::jsonb, ${rows.length}::int)`);
  }
  const createdAt = now().toISOString();
  // One statement: the events and their deliveries land together or not at all.
  const written = await queryRows<{ id: string }>(tx, sql`
    with event as (
      insert into webhook_events (id, organisation_id, type, resource_id, data, created_at)
      select gen_random_uuid(), ${organisationId}, v.type, v.resource_id, v.data, ${createdAt}::timestamptz
      from (values ${sql.join(rows, sql`, `)}) as v(type, resource_id, data, position)
      order by v.position
      returning id, type
    ), deliveries as (
      insert into webhook_deliveries (id, organisation_id, event_id, endpoint_id, created_at)
      select gen_random_uuid(), ${organisationId}, event.id, e.id, ${createdAt}::timestamptz
      from event join webhook_endpoints e
        on e.organisation_id = ${organisationId} and e.status = 'enabled' and e.deleted_at is null and event.type = any(e.event_types)
    )
    select id from event`);
  return written.map((row) => row.id);
}
