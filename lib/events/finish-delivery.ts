import { sql } from 'drizzle-orm';
import { nextAttemptAt, type RetrySchedule } from '@/lib/backoff';
import { queryRows } from '@/lib/db/query-rows';
import type { Db, Executor } from '@/lib/db/types';
import { notifyOrganisation } from '@/lib/email/notify-organisation';
import type { ClaimedDelivery } from './claim-deliveries';
import { failQueuedDeliveries } from './fail-queued-deliveries';
import type { PostOutcome } from './post-webhook';

/** 1 minute after the first failure, doubling, never more than 6 hours apart (docs/webhooks.md "Delivery"). */
export const WEBHOOK_RETRY: RetrySchedule = {
  firstDelayMs: 60_000,
  maxDelayMs: 6 * 60 * 60_000,
  maxAttempts: Number.POSITIVE_INFINITY,
};
/** Retried for this long after the first attempt; an endpoint failing this long is disabled. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;

export type Finish = 'delivered' | 'retrying' | 'failed' | 'lost';

/** This claim, still holding: a claim taken over after its lease, or a delivery failed by a delete or disable, records nothing. */
const stillClaimed = (d: ClaimedDelivery) => sql`id = ${d.id} and attempts = ${d.attempts} and status = 'queued'`;

const logAttempt = (d: ClaimedDelivery, outcome: PostOutcome, at: Date) => sql`
  insert into webhook_delivery_attempts (id, delivery_id, endpoint_id, attempt, status_code, error, duration_ms, created_at)
  values (gen_random_uuid(), ${d.id}, ${d.endpointId}, ${d.attempts}, ${outcome.statusCode}, ${outcome.error}, ${outcome.durationMs}, ${at.toISOString()}::timestamptz)
  on conflict do nothing`;

/** Records one attempt's outcome: the attempt log, the delivery's move, and the endpoint's failing streak. */
export async function finishDelivery(db: Db, d: ClaimedDelivery, outcome: PostOutcome, at: Date): Promise<Finish> {
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  return ok ? finishDelivered(db, d, outcome, at) : finishFailedAttempt(db, d, outcome, at);
}

/**
 * Not sent: the endpoint was disabled or deleted after the delivery was written
 * (an event committed just after the disable failed what was queued then).
 */
export async function finishEndpointGone(
  db: Db,
  d: ClaimedDelivery,
  reason: 'endpoint_disabled' | 'endpoint_deleted',
): Promise<Finish> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    update webhook_deliveries set status = 'failed', last_error = ${reason}, claimed_at = null, next_attempt_at = null
    where ${stillClaimed(d)} returning id`,
  );
  return rows.length ? 'failed' : 'lost';
}

/** One statement: logged, delivered, and the endpoint's failing streak cleared. */
async function finishDelivered(db: Db, d: ClaimedDelivery, outcome: PostOutcome, at: Date): Promise<Finish> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    with moved as (
      update webhook_deliveries set status = 'delivered', delivered_at = ${at.toISOString()}::timestamptz, last_status_code = ${outcome.statusCode},
        last_error = null, claimed_at = null, next_attempt_at = null
      where ${stillClaimed(d)} returning id, endpoint_id
    ), logged as (${logAttempt(d, outcome, at)}), cleared as (
      update webhook_endpoints set failing_since = null where id = (select endpoint_id from moved) and failing_since is not null
    )
    select id from moved`,
  );
  return rows.length ? 'delivered' : 'lost';
}

async function finishFailedAttempt(db: Db, d: ClaimedDelivery, outcome: PostOutcome, at: Date): Promise<Finish> {
  const error = outcome.error ?? `HTTP ${outcome.statusCode}`;
  const firstAttempt = d.firstAttemptAt ? new Date(d.firstAttemptAt) : at;
  const retryAt = nextAttemptAt(WEBHOOK_RETRY, d.attempts, at)!;
  const giveUp = retryAt.getTime() > firstAttempt.getTime() + GIVE_UP_AFTER_MS;
  return db.transaction(async (tx) => {
    const [moved] = await queryRows<{ id: string }>(
      tx,
      sql`
      with logged as (${logAttempt(d, outcome, at)})
      update webhook_deliveries set last_status_code = ${outcome.statusCode}, last_error = ${error}, claimed_at = null,
        status = ${giveUp ? 'failed' : 'queued'}, next_attempt_at = ${giveUp ? null : retryAt.toISOString()}::timestamptz
      where ${stillClaimed(d)} returning id`,
    );
    if (!moved) return 'lost';
    await tx.execute(
      sql`update webhook_endpoints set failing_since = ${at.toISOString()}::timestamptz where id = ${d.endpointId} and failing_since is null`,
    );
    await disableIfFailingTooLong(tx, d, at);
    return giveUp ? 'failed' : 'retrying';
  });
}

/**
 * An endpoint all of whose attempts failed for 3 days is disabled. The guarded
 * UPDATE lets one worker do it: that one fails what is queued and emails the
 * organisation, once.
 */
async function disableIfFailingTooLong(tx: Executor, d: ClaimedDelivery, at: Date): Promise<void> {
  const since = new Date(at.getTime() - GIVE_UP_AFTER_MS).toISOString();
  const [disabled] = await queryRows<{ url: string }>(
    tx,
    sql`
    update webhook_endpoints set status = 'disabled', disabled_reason = 'failing', disabled_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
    where id = ${d.endpointId} and status = 'enabled' and deleted_at is null and failing_since <= ${since}::timestamptz
    returning url`,
  );
  if (!disabled) return;
  await failQueuedDeliveries(tx, d.endpointId, 'endpoint_disabled');
  await notifyOrganisation(tx, d.organisationId, {
    kind: 'webhook-endpoint-disabled',
    url: disabled.url,
    endpointId: d.endpointId,
    attempts: d.attempts,
    lastAttemptAt: at,
  });
}
