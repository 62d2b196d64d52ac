import { getDb } from '@/lib/db/client';
import { runUntilIdle } from './run-once';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

export function runnerIntervalMs(): number {
  const value = Number(process.env.RUNNER_INTERVAL_MS ?? 5_000);
  return Number.isFinite(value) && value >= 100 ? value : 5_000;
}

export const runnerDisabled = () => process.env.RUNNER === 'off';

/**
 * Runs the background jobs in this process on an interval (RUNNER_INTERVAL_MS,
 * default 5 s; RUNNER=off turns it off, e.g. when separate workers run them).
 * A pass never overlaps the previous one; the timer does not keep the process alive.
 */
export function startRunner(): () => void {
  if (runnerDisabled()) return () => {};
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      // Work off a backlog now rather than one batch per interval (bounded, so a tick ends).
      await runUntilIdle(await getDb(), { maxPasses: 100 });
    } catch (error) {
      console.error(
        JSON.stringify({ level: 'error', message: 'runner pass failed', error: describeErrorSafely(error) }),
      );
    } finally {
      running = false;
    }
  }, runnerIntervalMs());
  timer.unref();
  return () => clearInterval(timer);
}
