/**
 * Exponential back-off for work that failed transiently (a processor outage, an
 * SMTP server saying "try later"): the wait grows by `factor` after each failed attempt,
 * and after `maxAttempts` attempts the work is given up as failed, visibly, so
 * a retry never loops for ever.
 */
export type RetrySchedule = {
  /** The wait after the first failed attempt; each later wait is `factor` (default 2) times the one before. */
  firstDelayMs: number;
  factor?: number;
  /** No wait is longer than this. */
  maxDelayMs?: number;
  /** Attempts in all, the first included; after the last one fails, the work has failed. */
  maxAttempts: number;
};

/**
 * When to try again after attempt number `attempt` (1 for the first) failed
 * transiently, or null when that was the last attempt.
 */
export function nextAttemptAt(schedule: RetrySchedule, attempt: number, failedAt: Date): Date | null {
  if (attempt >= schedule.maxAttempts) return null;
  return new Date(failedAt.getTime() + delayMs(schedule, Math.max(attempt, 1) - 1));
}

function delayMs({ firstDelayMs, factor = 2, maxDelayMs = Infinity }: RetrySchedule, index: number): number {
  return Math.min(firstDelayMs * factor ** index, maxDelayMs);
}

/** The waits between attempts, in order (for docs and tests): maxAttempts - 1 of them. */
export function retryDelaysMs(schedule: RetrySchedule): number[] {
  return Array.from({ length: schedule.maxAttempts - 1 }, (_, i) => delayMs(schedule, i));
}
