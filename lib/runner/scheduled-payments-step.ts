import { eq, inArray, sql } from 'drizzle-orm';
import { nextAttemptAt } from '@/lib/backoff';
import { now } from '@/lib/clock';
import { bookings, savedCards, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { sendSavedCardCharge } from '@/lib/core/saved-cards/charge-saved-card';
import {
  openScheduledCharges,
  type Prepared,
  type ScheduledCharge,
} from '@/lib/core/scheduled-payments/open-scheduled-charges';
import { scheduledSettler, type ScheduledSettler } from '@/lib/core/scheduled-payments/settle-scheduled-charge';
import {
  completeScheduledPayment,
  failScheduledPayment,
  retryScheduledPaymentLater,
} from '@/lib/core/scheduled-payments/finish-scheduled-payment';
import { SCHEDULED_PAYMENT_RETRY } from '@/lib/core/scheduled-payments/scheduled-attempts';
import { claimRows } from './claim';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

/** A claim older than this belongs to a worker that died; the payment is taken up again with the same idempotency key. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

export type ScheduledReport = {
  completed: number;
  /** FAILED for good (declined, refused, or out of attempts); the organisation was emailed. */
  failed: number;
  /** Failed transiently, QUEUED again for later: not work done now, so it does not keep runUntilIdle going. */
  retrying: number;
  /** Its booking was deleted after the claim, or its instalment link is paid, deleted or no longer collected: cancelled, never charged. */
  cancelled: number;
  /** The processor may have charged (no clear answer): left IN_PROGRESS for the stale-claim path to ask again. */
  unsettled: number;
};

/**
 * Charges due scheduled payments. A QUEUED payment whose time (next_attempt_at
 * after a transient failure, else execute_after) has come is claimed:
 * IN_PROGRESS, a new attempt number. Its saved card is charged under that
 * attempt's idempotency key (scheduled-attempts.ts), then it is COMPLETE,
 * FAILED (+ an email to the organisation), or QUEUED again with back-off.
 * Two workers never claim one payment, and a re-claimed one never charges twice.
 *
 * `limit` payments are claimed at a time (a batch); `batches` (default 1) lets
 * one call go on claiming while the earlier batches' charges are in flight: the
 * next batch is claimed and opened as soon as fewer than `concurrency` opened
 * charges wait for a lane, so the lanes never wait on a claim and a processor
 * answering in 250 ms keeps `concurrency` charges in flight (docs/runner.md).
 * It stops claiming at the first batch that comes back short (nothing more due).
 */
export async function runDueScheduledPayments(
  db: Db,
  limit = 50,
  { concurrency = chargeConcurrency(), batches = 1 }: { concurrency?: number; batches?: number } = {},
): Promise<ScheduledReport> {
  const report: ScheduledReport = { completed: 0, failed: 0, retrying: 0, cancelled: 0, unsettled: 0 };
  const queue: Opened[] = [];
  const settle = scheduledSettler(db);
  let claimed = 0;
  let more = true;
  const claimNext = async () => {
    claimed += 1;
    const opened = await claimAndOpen(db, limit, report);
    if (!opened.full) more = false;
    queue.push(...opened.charges);
  };
  // The first claim as before: nothing due answers at once, and a failing claim throws with nothing in flight.
  await claimNext();
  if (queue.length === 0) return report;
  let claiming: Promise<void> | null = null;
  const feed = () => {
    if (claiming || !more || claimed >= batches || queue.length >= concurrency) return;
    claiming = claimNext()
      .catch((error) => {
        // The charges in flight finish; the next pass claims again (and throws, if the database is still failing).
        more = false;
        console.error(
          JSON.stringify({
            level: 'error',
            message: 'scheduled payments: claiming the next batch failed',
            error: describeErrorSafely(error),
          }),
        );
      })
      .finally(() => {
        claiming = null;
      });
  };
  // Several charges at once: each waits on the processor and its commit, so charges sent one
  // by one leave both idle. Each is guarded on its own, so their order does not matter.
  const lane = async () => {
    for (;;) {
      feed();
      const next = queue.shift();
      if (next) await chargeOne(db, next, settle, report);
      else if (claiming) await claiming;
      else return;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return report;
}

type Opened = { charge: ScheduledCharge; prepared: Prepared };

/** Claims up to `limit` payments (a dead worker's claims first) and opens their charges; `full` when the claim took `limit`. */
async function claimAndOpen(
  db: Db,
  limit: number,
  report: ScheduledReport,
): Promise<{ charges: Opened[]; full: boolean }> {
  const at = now();
  const stamp = sql`${at.toISOString()}::timestamptz`;
  // A dead worker's claim first: same attempt, same key. Then due payments (the partial index on
  // coalesce(next_attempt_at, execute_after) where QUEUED), each claim starting a new attempt.
  const stale = await claimRows<{ id: string }>(db, {
    table: sql`scheduled_payments`,
    where: sql`status = 'IN_PROGRESS' and claimed_at < ${new Date(at.getTime() - STALE_CLAIM_MS).toISOString()}::timestamptz`,
    orderBy: sql`claimed_at`,
    set: sql`claimed_at = ${stamp}, updated_at = ${stamp}`,
    limit,
  });
  const due =
    stale.length >= limit
      ? []
      : await claimRows<{ id: string }>(db, {
          table: sql`scheduled_payments`,
          where: sql`status = 'QUEUED' and coalesce(next_attempt_at, execute_after) <= ${stamp}`,
          orderBy: sql`coalesce(next_attempt_at, execute_after)`,
          set: sql`status = 'IN_PROGRESS', attempts = attempts + 1, claimed_at = ${stamp}, updated_at = ${stamp}`,
          limit: limit - stale.length,
        });
  const claimed = [...stale, ...due];
  if (claimed.length === 0) return { charges: [], full: false };
  const rows = await db
    .select({ payment: scheduledPayments, card: savedCards, bookingReference: bookings.bookingReference })
    .from(scheduledPayments)
    .innerJoin(bookings, eq(bookings.id, scheduledPayments.bookingId))
    .leftJoin(savedCards, eq(savedCards.id, scheduledPayments.savedCardId))
    .where(
      inArray(
        scheduledPayments.id,
        claimed.map((c) => c.id),
      ),
    );
  const batch: ScheduledCharge[] = rows.map(({ payment, card, bookingReference }) => ({
    payment,
    card,
    bookingReference,
    claimedAt: at,
  }));
  let prepared: Map<string, Prepared>;
  try {
    // Re-checked right before charging, and every charge's transaction written, in one step for the batch.
    prepared = await openScheduledCharges(db, batch);
  } catch (error) {
    // Nothing was charged: the claims lapse and the stale-claim path takes them up again.
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'scheduled payments not opened; retrying after the claims lapse',
        count: batch.length,
        error: describeErrorSafely(error),
      }),
    );
    report.unsettled += batch.length;
    return { charges: [], full: false };
  }
  return {
    charges: batch.map((charge) => ({ charge, prepared: prepared.get(charge.payment.id)! })),
    full: claimed.length >= limit,
  };
}

async function chargeOne(
  db: Db,
  { charge, prepared }: Opened,
  settle: ScheduledSettler,
  report: ScheduledReport,
): Promise<void> {
  try {
    report[await finishOne(db, charge, prepared, settle)] += 1;
  } catch (error) {
    // Left IN_PROGRESS: the stale-claim path takes it up again with the same key.
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'scheduled payment not finished; retrying after the claim lapses',
        scheduled_payment_id: charge.payment.id,
        error: describeErrorSafely(error),
      }),
    );
    report.unsettled += 1;
  }
}

/**
 * Charges in flight at once in one process (RUNNER_CHARGE_CONCURRENCY). None holds a pooled connection while it
 * waits on the processor, so this may be far above DATABASE_POOL_SIZE: at Adyen's ~250 ms a call, 100 in flight
 * is ~400 charges/s per process. The embedded PGlite has one connection and serves the pages too: more than 8 only
 * queue in front of them, so 8 there.
 */
export function chargeConcurrency(): number {
  const value = Number(process.env.RUNNER_CHARGE_CONCURRENCY);
  if (Number.isInteger(value) && value >= 1 && value <= 1000) return value;
  return process.env.DATABASE_URL ? DEFAULT_CHARGE_CONCURRENCY : EMBEDDED_CHARGE_CONCURRENCY;
}

export const DEFAULT_CHARGE_CONCURRENCY = 100;
const EMBEDDED_CHARGE_CONCURRENCY = 8;

/** A member paying the same instalment by hand right now: the runner looks again after this (a new attempt; nothing was charged). */
const LINK_BUSY_RETRY_MS = 5 * 60 * 1000;

async function finishOne(
  db: Db,
  claim: ScheduledCharge,
  prepared: Prepared,
  settle: ScheduledSettler,
): Promise<keyof ScheduledReport> {
  const { payment } = claim;
  switch (prepared.kind) {
    case 'cancelled':
      return 'cancelled';
    case 'no_card':
      await failScheduledPayment(db, claim, {
        reason: 'no_saved_card',
        cause: 'no_card',
        transactionId: null,
      });
      return 'failed';
    case 'link_busy':
      await retryScheduledPaymentLater(db, claim, {
        reason: 'link_payment_in_progress',
        transactionId: null,
        nextAttemptAt: new Date(now().getTime() + LINK_BUSY_RETRY_MS),
      });
      return 'retrying';
    default:
      break;
  }
  let completed = false;
  const outcome =
    prepared.kind === 'finished'
      ? prepared.outcome
      : await sendSavedCardCharge(
          // On the date fixed in advance (an instalment's due date, a scheduled payment's date): a scheduled card-on-file charge.
          db,
          claim.card!.processorToken,
          {
            transactionId: prepared.transactionId,
            sent: prepared.sent,
            capture: !payment.authorisationOnly,
            use: 'scheduled',
          },
          async (result) => {
            const settled = await settle(claim, prepared.transactionId, result);
            completed = settled.completed;
            return settled.outcome;
          },
        );
  switch (outcome.outcome) {
    case 'paid':
      // COMPLETE with the payment's own commit, unless an earlier attempt recorded the payment.
      if (!completed) await db.transaction((tx) => completeScheduledPayment(tx, claim, outcome.transactionId));
      return 'completed';
    case 'unsettled':
      // The processor may have taken it (no clear answer), or took it and decides later (Received): never failed nor
      // retried under a new key. Its notification settles it with this payment (apply-authorisation.ts); else the same key
      // asks the processor again once the claim is stale.
      return 'unsettled';
    case 'declined':
      await failScheduledPayment(db, claim, {
        reason: outcome.reason,
        cause: 'declined',
        transactionId: outcome.transactionId,
      });
      return 'failed';
    case 'failed': {
      const retryAt = outcome.retryable ? nextAttemptAt(SCHEDULED_PAYMENT_RETRY, payment.attempts, now()) : null;
      if (retryAt) {
        await retryScheduledPaymentLater(db, claim, {
          reason: outcome.reason,
          transactionId: outcome.transactionId,
          nextAttemptAt: retryAt,
        });
        return 'retrying';
      }
      // Retryable but out of attempts, or refused for good: the alert says which, with the attempts made.
      const cause = outcome.retryable ? 'retries_exhausted' : 'refused';
      await failScheduledPayment(db, claim, {
        reason: outcome.reason,
        cause,
        transactionId: outcome.transactionId,
      });
      return 'failed';
    }
    default:
      // A saved-card charge has no customer to send to 3-D Secure: a challenge cannot be completed.
      await failScheduledPayment(db, claim, {
        reason: 'challenge_required',
        cause: 'authentication',
        transactionId: outcome.transactionId,
      });
      return 'failed';
  }
}
