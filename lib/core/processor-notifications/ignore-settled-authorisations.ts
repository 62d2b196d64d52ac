import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import { isUuid } from '../shared/is-uuid';
import { TOOK_NOTHING } from './apply-authorisation';
import type { RawItem } from './notification-item';

type Claimed = { id: string; attempts: number; item: RawItem };

/**
 * The common item, set-based: a successful AUTHORISATION confirming a payment
 * that is already recorded (COMPLETE, PENDING, ...) under this very PSP
 * reference, as every sandbox charge's own item is by the time the runner
 * looks at it. applyAuthorisation would find that payment by its reference and
 * answer `ignored('payment already <status>')`, two statements per item; here
 * one statement records that same outcome for every such item of a claimed
 * batch, under the same guard as recordOutcome (still 'applying', same attempt).
 * Anything else (no uuid reference, another PSP reference, a payment still in
 * progress or one that took nothing) is left for applyClaimed, unchanged.
 * Answers the ids it recorded.
 */
export async function ignoreSettledAuthorisations(db: Executor, rows: readonly Claimed[]): Promise<Set<string>> {
  const candidates = rows.filter(
    ({ item }) =>
      item.eventCode === 'AUTHORISATION' &&
      (item.success === true || item.success === 'true') &&
      typeof item.merchantReference === 'string' &&
      isUuid(item.merchantReference),
  );
  if (candidates.length === 0) return new Set();
  const values = sql.join(
    candidates.map(
      ({ id, attempts, item }) =>
        sql`(${id}::uuid, ${attempts}::int, ${item.merchantReference}::uuid, ${item.pspReference}::text)`,
    ),
    sql`, `,
  );
  const done = await queryRows<{ id: string }>(
    db,
    sql`
    update processor_notifications n set status = 'ignored', outcome = 'payment already ' || t.status, applied_at = ${now().toISOString()}::timestamptz
    from (values ${values}) as c(id, attempts, transaction_id, psp)
    join transactions t on t.id = c.transaction_id
    where n.id = c.id and n.status = 'applying' and n.attempts = c.attempts
      and t.status <> 'PAYMENTINPROGRESS' and t.status not in (${sql.join(
        TOOK_NOTHING.map((s) => sql`${s}`),
        sql`, `,
      )})
      and regexp_replace(t.provider_reference, ':manual$', '') = c.psp
    returning n.id`,
  );
  return new Set(done.map((row) => String(row.id)));
}
