import { eq, sql } from 'drizzle-orm';
import { clockOffset, now, setClockOffset } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { serviceState } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { invalidField, type AppError } from '@/lib/http/app-error';

/**
 * The sandbox test clock: an offset from real time, kept in service_state so that
 * every process sharing the database agrees on it (each applies it to lib/clock.ts
 * when it moves the clock, at start-up, and on every runner tick).
 *
 * The offset is never negative: the test clock runs at or ahead of real time,
 * so nothing the sandbox records is dated after "now", and moving back to real
 * time is `resetClock`. It is capped so that dates stay sensible.
 */
export const CLOCK_OFFSET_KEY = 'clock_offset_ms';
export const MAX_CLOCK_OFFSET_SECONDS = 3650 * 24 * 60 * 60;
const MAX_OFFSET_MS = MAX_CLOCK_OFFSET_SECONDS * 1000;

export type ClockState = { now: string; offset_seconds: number };

/** What the API answers: the service's current time and the offset, in whole seconds. */
export function clockState(): ClockState {
  return { now: now().toISOString(), offset_seconds: Math.round(clockOffset() / 1000) };
}

/** Moves the test clock `seconds` ahead, atomically (two callers both advance). */
export async function advanceClock(db: Executor, { seconds }: { seconds: number }): Promise<ClockState> {
  requireSandbox();
  const deltaMs = Math.round(seconds * 1000);
  if (deltaMs < 0)
    throw offsetOutOfRange(
      'advance_seconds must be at least 0: the test clock never moves back (use reset).',
      'validation.too_small',
    );
  const tooFar = `advance_seconds would move the test clock more than ${MAX_CLOCK_OFFSET_SECONDS} seconds (3650 days) ahead of real time.`;
  if (deltaMs > MAX_OFFSET_MS) throw offsetOutOfRange(tooFar);
  // The cap is checked in SQL against the stored value, so racing advances cannot pass it together.
  const [row] = await db
    .insert(serviceState)
    .values({ key: CLOCK_OFFSET_KEY, value: String(deltaMs) })
    .onConflictDoUpdate({
      target: serviceState.key,
      set: { value: sql`(${serviceState.value}::bigint + ${deltaMs}::bigint)::text` },
      setWhere: sql`${serviceState.value}::bigint + ${deltaMs}::bigint <= ${MAX_OFFSET_MS}::bigint`,
    })
    .returning({ value: serviceState.value });
  if (!row) throw offsetOutOfRange(tooFar);
  setClockOffset(Number(row.value));
  return clockState();
}

/** Sets the test clock to `to`, which must not be before real time. */
export async function setClock(db: Executor, { to }: { to: Date }): Promise<ClockState> {
  requireSandbox();
  const offsetMs = to.getTime() - Date.now();
  if (offsetMs < 0)
    throw offsetOutOfRange(
      'set_to must not be before the real current time: the test clock only runs ahead of real time (use reset to go back to it).',
      'validation.too_small',
    );
  if (offsetMs > MAX_OFFSET_MS)
    throw offsetOutOfRange(
      `set_to must be at most ${MAX_CLOCK_OFFSET_SECONDS} seconds (3650 days) after the real current time.`,
    );
  await storeOffset(db, offsetMs);
  return clockState();
}

/** Puts the test clock back on real time. */
export async function resetClock(db: Executor): Promise<ClockState> {
  requireSandbox();
  await storeOffset(db, 0);
  return clockState();
}

/**
 * Applies the stored offset to this process and returns it (ms). In production
 * mode the offset is always 0 and the database is not read.
 */
export async function syncClockFromDatabase(db: Executor): Promise<number> {
  if (!isSandbox()) {
    setClockOffset(0);
    return 0;
  }
  const before = clockOffset();
  const [row] = await db
    .select({ value: serviceState.value })
    .from(serviceState)
    .where(eq(serviceState.key, CLOCK_OFFSET_KEY));
  const stored = row ? Number(row.value) : 0;
  // A move made by this process while we read is newer than what we read: keep it.
  if (clockOffset() === before) setClockOffset(Number.isFinite(stored) ? stored : 0);
  return clockOffset();
}

async function storeOffset(db: Executor, offsetMs: number): Promise<void> {
  await db
    .insert(serviceState)
    .values({ key: CLOCK_OFFSET_KEY, value: String(offsetMs) })
    .onConflictDoUpdate({ target: serviceState.key, set: { value: String(offsetMs) } });
  setClockOffset(offsetMs);
}

function requireSandbox(): void {
  // Callers (the sandbox API) answer 404 before getting here; this is the last line of defence.
  if (!isSandbox()) throw new Error('The test clock exists only in sandbox mode.');
}

function offsetOutOfRange(
  message: string,
  code: 'validation.too_big' | 'validation.too_small' = 'validation.too_big',
): AppError {
  return invalidField(message, code);
}
