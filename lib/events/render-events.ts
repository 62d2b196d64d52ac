import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import { loadEventData } from './event-data';

export type EventToRender = { id: string; type: string; resourceId: string; data: Record<string, unknown> | null };
export type EventData = Record<string, unknown>;

/** A stored `data` as either driver answers a raw query's jsonb (text or parsed): the object. */
export const parsed = (value: unknown): EventData =>
  (typeof value === 'string' ? JSON.parse(value) : value) as EventData;

/**
 * The `data` of each event, rendering those still stubs (docs/webhooks.md
 * "Outbox"): each missing resource is read through the one registry
 * (event-data.ts), then stored with `data is null` as the guard, so the first
 * writer wins, and every event rendered here is read back: whoever rendered it,
 * all attempts, replays and the delivery log carry the same stored bytes.
 * An event whose resource could not be read (a database error) is left out of
 * the answer, still a stub; `onError` hears why.
 */
export async function renderEvents(
  db: Db,
  events: readonly EventToRender[],
  onError?: (id: string, error: unknown) => void,
): Promise<Map<string, EventData>> {
  const answer = new Map<string, EventData>();
  const stubs = new Map<string, EventToRender>();
  for (const event of events) {
    if (event.data !== null) answer.set(event.id, parsed(event.data));
    else stubs.set(event.id, event);
  }
  if (stubs.size === 0) return answer;
  const rendered = await Promise.all(
    [...stubs.values()].map(async (event) => {
      try {
        return { id: event.id, data: await loadEventData(db, event.type, event.resourceId) };
      } catch (error) {
        onError?.(event.id, error);
        return null;
      }
    }),
  );
  const values = rendered
    .filter((row) => row !== null)
    .map((row) => sql`(${row.id}::uuid, ${JSON.stringify(row.data)}::jsonb)`);
  if (values.length === 0) return answer;
  // First writer wins; a worker that lost the race reads the winner's data below.
  await db.execute(sql`update webhook_events e set data = v.data
    from (values ${sql.join(values, sql`, `)}) as v(id, data) where e.id = v.id and e.data is null`);
  const stored = await queryRows<{ id: string; data: unknown }>(
    db,
    sql`
    select id, data from webhook_events where id in (${sql.join(
      rendered.filter((row) => row !== null).map((row) => sql`${row.id}::uuid`),
      sql`, `,
    )})`,
  );
  for (const row of stored) answer.set(String(row.id), parsed(row.data));
  return answer;
}
