import { and, eq, isNull } from 'drizzle-orm';
import { nextAttemptAt as nextAttempt, type RetrySchedule } from '@/lib/backoff';
import { now } from '@/lib/clock';
import { refunds, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { notifyOrganisation } from '@/lib/email/notify-organisation';
import { isoCurrency } from '@/lib/money';
import { processorFor, ProcessorError, type ModificationResult } from '@/lib/payments/processor';
import { emitRefundEvent } from '@/lib/events/refund-events';
import { recordAudit, SERVICE_ACTOR } from '../audit/record-audit';
import { describeErrorSafely, safeErrorText } from '@/lib/http/safe-error-log';

type Refund = typeof refunds.$inferSelect;

/**
 * Sending attempts of one refund, the first included. After a failed attempt n
 * the next waits 1 minute × 4^(n-1), at most 8 hours: 1 min, 4 min, 16 min,
 * 64 min, 4 h 16 min, 8 h, 8 h; the eighth attempt comes about 21 h 40 min after
 * the first, and if it fails too the refund settles.
 */
export const REFUND_RETRY: RetrySchedule = {
  firstDelayMs: 60_000,
  factor: 4,
  maxDelayMs: 8 * 3_600_000,
  maxAttempts: 8,
};

/**
 * Sends an AUTHORISED refund to the processor. It goes with the same
 * idempotency key every time, so a retry after a timeout can never refund
 * twice. A processor that made it ('done', the sandbox) has it COMPLETE with
 * refund.completed at once. One that only received it (Adyen answers
 * `received`) has it recorded as sent: still AUTHORISED (the interface's
 * refund statuses have no "sent"), with its PSP reference, never sent again;
 * its REFUND notification completes it, REFUND_FAILED fails it (apply-refund.ts).
 * A failure the processor calls transient, or an unknown outcome, is tried
 * again later with back-off; a permanent one settles at once.
 */
export async function sendRefund(db: Db, refund: Refund): Promise<Refund> {
  const [transaction] = await db.select().from(transactions).where(eq(transactions.id, refund.transactionId));
  let result: ModificationResult;
  try {
    result = await processorFor(db).refund({
      providerReference: transaction!.providerReference!,
      amount: refund.processorAmount ?? refund.amount,
      currency: refund.processorCurrency ?? isoCurrency(refund.currency),
      idempotencyKey: `${refund.id}:refund`,
    });
  } catch (error) {
    return recordFailedAttempt(db, refund.id, error);
  }
  try {
    return await recordAnswer(db, refund, result);
  } catch (error) {
    // The processor has it; only our record failed. It stays AUTHORISED and due: sent again under the same key, the
    // processor answers the same, never a second refund. Not a failed attempt: the processor did not fail.
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'refund answer not recorded; sent again later',
        refund_id: refund.id,
        error: describeErrorSafely(error),
      }),
    );
    return refund;
  }
}

/** Guarded on AUTHORISED and not yet sent: a second sender, or a notification faster than this write, wins; nothing twice. */
async function recordAnswer(db: Db, refund: Refund, result: ModificationResult): Promise<Refund> {
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set(
        result.status === 'done'
          ? {
              status: 'COMPLETE',
              providerReference: result.providerReference,
              completedAt: now(),
              nextAttemptAt: null,
              failureReason: null,
              attempts: refund.attempts + 1,
              updatedAt: now(),
            }
          : {
              sentAt: now(),
              providerReference: result.providerReference,
              nextAttemptAt: null,
              failureReason: null,
              attempts: refund.attempts + 1,
              updatedAt: now(),
            },
      )
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'AUTHORISED'), isNull(refunds.sentAt)))
      .returning();
    if (row) await emitRefundEvent(tx, row);
    return row;
  });
  if (done) return done;
  const [current] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
  return current ?? refund;
}

/**
 * One failed attempt, recorded under the refund's row lock. The last attempt,
 * or a permanent error, settles the refund and alerts the organisation in the
 * same transaction: FAILED when the processor said it failed (nothing went
 * out, so the amount is refundable again), UNSETTLED when the processor may
 * have acted (the amount stays held until a person checks with the processor).
 */
async function recordFailedAttempt(db: Db, refundId: string, error: unknown): Promise<Refund> {
  const definite = error instanceof ProcessorError;
  const permanent = definite && !error.transient;
  // Stored, logged and emailed to the organisation: the processor's own message, never a database error's (it quotes its parameters).
  const reason = safeErrorText(error);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    // Settled meanwhile, or received by the processor under this key (its notification settles it).
    if (row!.status !== 'AUTHORISED' || row!.sentAt) return row!;
    const attempts = row!.attempts + 1;
    const at = now();
    const nextAttemptAt = permanent ? null : nextAttempt(REFUND_RETRY, attempts, at);
    if (nextAttemptAt) {
      console.warn(
        JSON.stringify({
          level: 'warn',
          message: 'refund not sent; retrying later',
          refund_id: refundId,
          attempts,
          next_attempt_at: nextAttemptAt.toISOString(),
          error: reason,
        }),
      );
      const [next] = await tx
        .update(refunds)
        .set({ attempts, nextAttemptAt, failureReason: reason, updatedAt: at })
        .where(eq(refunds.id, refundId))
        .returning();
      return next!;
    }
    const status = definite ? 'FAILED' : 'UNSETTLED';
    console.error(
      JSON.stringify({ level: 'error', message: `refund ${status}`, refund_id: refundId, attempts, error: reason }),
    );
    const [settled] = await tx
      .update(refunds)
      .set({ status, attempts, nextAttemptAt: null, failureReason: reason, updatedAt: at })
      .where(eq(refunds.id, refundId))
      .returning();
    await recordAudit(tx, SERVICE_ACTOR, {
      organisationId: settled!.organisationId,
      type: status === 'FAILED' ? 'refund:fail' : 'refund:unsettle',
      entityId: refundId,
    });
    await emitRefundEvent(tx, settled!);
    const facts = {
      amount: settled!.amount,
      currency: settled!.currency,
      refund: settled!.authorizationCode,
      transactionId: settled!.transactionId,
      reason,
    };
    await notifyOrganisation(
      tx,
      settled!.organisationId,
      status === 'FAILED'
        ? { kind: 'refund_failed', ...facts, attemptsWithoutAnswer: attempts }
        : { kind: 'refund_unsettled', ...facts, attempts },
    );
    return settled!;
  });
}
