import type { RetrySchedule } from '@/lib/backoff';

/**
 * A charge the processor failed transiently (an outage: nothing taken) is tried
 * again after 5 minutes, then 10, 20, 40, 80 and 160: 7 attempts over about
 * 5 h 15 min after the payment fell due. After the 7th the payment is FAILED
 * and the organisation is told. Declines and permanent failures are FAILED at once.
 */
export const SCHEDULED_PAYMENT_RETRY: RetrySchedule = { firstDelayMs: 5 * 60_000, maxAttempts: 7 };

/**
 * The idempotency key of attempt number `attempt` (scheduled_payments.attempts,
 * counted when a QUEUED payment is claimed, never when a crashed claim is
 * taken up again). chargeSavedCard answers a key it has seen with that key's
 * transaction, so:
 * - a re-claim after a crash or an unsettled answer reuses the key of the
 *   attempt in flight: the processor is asked again under it, never charged twice;
 * - an attempt after a definite "nothing taken" failure has a new number, hence
 *   a new key and a new charge.
 * The first attempt keeps the key `scheduled:<id>` that payments always used.
 */
export function scheduledAttemptKey(scheduledPaymentId: string, attempt: number): string {
  return attempt <= 1 ? `scheduled:${scheduledPaymentId}` : `scheduled:${scheduledPaymentId}:${attempt}`;
}

/** The scheduled payment an attempt key belongs to (any attempt), or null for another kind of key. */
export function scheduledPaymentIdOfKey(idempotencyKey: string | null): string | null {
  return idempotencyKey?.match(/^scheduled:([0-9a-f-]{36})(?::\d+)?$/)?.[1] ?? null;
}
