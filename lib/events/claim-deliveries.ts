import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import { parsed, renderEvents, type EventData } from './render-events';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

/*
 * A queued delivery is claimed while claimed_at is set, like the email outbox
 * (lib/email/claim-outbox.ts): a lease in the DATABASE's time, so every worker
 * agrees on it and moving the sandbox test clock never makes a send in progress
 * look abandoned. An attempt takes at most 10 s; a claim older than the lease
 * belongs to a worker that died and is claimed again.
 */
const CLAIM_LEASE = sql`interval '2 minutes'`;

/** One claimed attempt: (id, attempts) names it; the finish is guarded on both. */
export type ClaimedDelivery = {
  id: string;
  attempts: number;
  endpointId: string;
  organisationId: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: string;
  eventResourceId: string;
  /** The event's stored data; null while it is a stub (claimRenderedDeliveries renders it before anything is sent). */
  data: EventData | null;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  /** When attempt 1 was made; null while this claim is attempt 1. */
  firstAttemptAt: string | null;
  /** Why the endpoint no longer receives (disabled or deleted after this delivery was written), else null. */
  endpointGone: 'endpoint_disabled' | 'endpoint_deleted' | null;
};

/** `skipEndpoints`: endpoints whose deliveries this worker already has enough of in flight (delivery-lane.ts). */
export type ClaimOptions = { skipEndpoints?: string[] };

/**
 * Claims up to `limit` due deliveries (next attempt come by the service clock,
 * so the test clock moves retries) in one statement. SKIP LOCKED hands each row
 * to one claimer; every claim counts as an attempt.
 */
export async function claimDeliveries(
  db: Db,
  limit: number,
  { skipEndpoints = [] }: ClaimOptions = {},
): Promise<ClaimedDelivery[]> {
  const at = now().toISOString();
  const skipped = skipEndpoints.length
    ? sql`and q.endpoint_id not in (${sql.join(
        skipEndpoints.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with claimed as (
      update webhook_deliveries d set claimed_at = now(), attempts = d.attempts + 1
      where d.id in (
        select q.id from webhook_deliveries q
        where q.status = 'queued'
          and (q.next_attempt_at is null or q.next_attempt_at <= ${at}::timestamptz)
          and (q.claimed_at is null or q.claimed_at < now() - ${CLAIM_LEASE})
          ${skipped}
        order by q.created_at
        limit ${limit}
        for update skip locked)
      returning d.id, d.attempts, d.endpoint_id, d.organisation_id, d.event_id
    )
    select c.id, c.attempts, c.endpoint_id, c.organisation_id, c.event_id, ev.type as event_type, ev.created_at as event_created_at, ev.resource_id as event_resource_id, ev.data,
      e.url, e.secret, e.previous_secret, e.previous_secret_expires_at, e.status as endpoint_status, e.deleted_at as endpoint_deleted_at,
      (select min(a.created_at) from webhook_delivery_attempts a where a.delivery_id = c.id) as first_attempt_at
    from claimed c join webhook_events ev on ev.id = c.event_id join webhook_endpoints e on e.id = c.endpoint_id`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    attempts: Number(r.attempts),
    endpointId: String(r.endpoint_id),
    organisationId: String(r.organisation_id),
    eventId: String(r.event_id),
    eventType: String(r.event_type),
    eventCreatedAt: iso(r.event_created_at)!,
    eventResourceId: String(r.event_resource_id),
    data: r.data === null || r.data === undefined ? null : parsed(r.data),
    url: String(r.url),
    secret: String(r.secret),
    previousSecret: (r.previous_secret as string | null) ?? null,
    previousSecretExpiresAt: iso(r.previous_secret_expires_at),
    firstAttemptAt: iso(r.first_attempt_at),
    endpointGone: r.endpoint_deleted_at
      ? 'endpoint_deleted'
      : r.endpoint_status !== 'enabled'
        ? 'endpoint_disabled'
        : null,
  }));
}

export type RenderedDelivery = ClaimedDelivery & { data: EventData };

/**
 * Claims due deliveries and gives each its event's data, rendering the events
 * still stubs (render-events.ts: stored once, first writer wins, read back), so
 * no stub is ever sent. A delivery to an endpoint gone needs no data. One whose
 * event could not be rendered (a database error) is not sent in this pass: it
 * stays claimed, and its lease brings it back. `claimed` counts them all: fewer than `limit` means nothing more is due.
 */
export async function claimRenderedDeliveries(
  db: Db,
  limit: number,
  options: ClaimOptions = {},
): Promise<{ deliveries: RenderedDelivery[]; claimed: number }> {
  const claimed = await claimDeliveries(db, limit, options);
  const toSend = claimed.filter((d) => !d.endpointGone);
  const events = new Map(
    toSend.map((d) => [d.eventId, { id: d.eventId, type: d.eventType, resourceId: d.eventResourceId, data: d.data }]),
  );
  const data = await renderEvents(db, [...events.values()], (id, error) =>
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'webhook event not rendered',
        event_id: id,
        error: describeErrorSafely(error),
      }),
    ),
  );
  const deliveries = claimed.flatMap((d) => {
    if (d.endpointGone) return [{ ...d, data: {} }];
    const rendered = data.get(d.eventId);
    return rendered ? [{ ...d, data: rendered }] : [];
  });
  return { deliveries, claimed: claimed.length };
}

/** Both drivers answer timestamptz differently (Date or text): one ISO string. */
function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
