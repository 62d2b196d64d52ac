import { sql, type SQL } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import type { EventType } from './event-types';

export type EventStub = {
  organisationId: string;
  type: EventType;
  /** The resource's id (transaction, refund, payment link, ...): its data is rendered from it later (event-data.ts). */
  resourceId: string;
};

/**
 * The outbox write as CTEs to put after `with` (docs/webhooks.md "Outbox"):
 * `candidates` is a select of (organisation_id text, type text, resource_id
 * text), the events the change may cause; an event STUB (data null) is written
 * for each one some enabled endpoint of its organisation subscribes to, and a
 * delivery per such endpoint. The listener lookup is part of the statement,
 * so a change pays the same round trips whether anyone listens or not, and all
 * its parts read one snapshot: an event is written exactly when it gets a
 * delivery. The caller may add CTEs before (the change itself, whose RETURNING
 * the candidates read) and selects from `event` (id, organisation_id, type).
 */
export function eventStubsSql(candidates: SQL): SQL {
  const at = sql`${now().toISOString()}::timestamptz`;
  const listens = (
    alias: string,
    organisation: SQL,
    type: SQL,
  ) => sql`${sql.identifier(alias)}.organisation_id = ${organisation}
    and ${sql.identifier(alias)}.status = 'enabled' and ${sql.identifier(alias)}.deleted_at is null and ${type} = any(${sql.identifier(alias)}.event_types)`;
  return sql`event_candidate (organisation_id, type, resource_id) as (${candidates}),
    event as (
      insert into webhook_events (id, organisation_id, type, resource_id, data, created_at)
      select gen_random_uuid(), c.organisation_id, c.type, c.resource_id, null, ${at}
      from event_candidate c
      where exists (select 1 from webhook_endpoints le where ${listens('le', sql`c.organisation_id`, sql`c.type`)})
      returning id, organisation_id, type
    ),
    event_delivery as (
      insert into webhook_deliveries (id, organisation_id, event_id, endpoint_id, created_at)
      select gen_random_uuid(), event.organisation_id, event.id, de.id, ${at}
      from event join webhook_endpoints de on ${listens('de', sql`event.organisation_id`, sql`event.type`)}
    )`;
}

/** The candidates of a change as a select, from stubs known in code. */
export function stubValues(stubs: readonly EventStub[]): SQL {
  return sql`select * from (values ${sql.join(
    stubs.map((s) => sql`(${s.organisationId}::text, ${s.type}::text, ${s.resourceId}::text)`),
    sql`, `,
  )})
    as v(organisation_id, type, resource_id)`;
}

/**
 * Writes the stubs (and their deliveries) of the candidates some endpoint
 * listens to, in ONE statement, with the transaction that makes the change:
 * the events then exist exactly when the change does. Answers the ids written.
 */
export async function emitEventsFrom(tx: Executor, candidates: SQL): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(tx, sql`with ${eventStubsSql(candidates)} select id from event`);
  return rows.map((row) => String(row.id));
}

/** Several events known in code: one statement for all of them (nothing when the list is empty). */
export async function emitEvents(tx: Executor, stubs: readonly EventStub[]): Promise<string[]> {
  if (stubs.length === 0) return [];
  return emitEventsFrom(tx, stubValues(stubs));
}

/** One event: its id, or null when no endpoint listens (nothing is written). */
export async function emitEvent(tx: Executor, stub: EventStub): Promise<string | null> {
  const [id] = await emitEvents(tx, [stub]);
  return id ?? null;
}
