import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/http/app-error';
import { advanceClock, clockState, resetClock, syncClockFromDatabase, type ClockState } from './test-clock';

/*
 * The home page's test clock control (app/[locale]/sandbox-clock.tsx): its
 * entry to the clock, opening the process's database here so that pages and
 * actions never import lib/db. test-clock.ts refuses outside sandbox mode.
 */

/** The clock as every process sharing the database sees it now. */
export async function currentClock(): Promise<ClockState> {
  await syncClockFromDatabase(await getDb());
  return clockState();
}

/** Moves the clock forward; 'too_far' when that passes the 3650-day cap. */
export async function moveClockForward(seconds: number): Promise<'moved' | 'too_far'> {
  try {
    await advanceClock(await getDb(), { seconds });
    return 'moved';
  } catch (error) {
    if (error instanceof AppError) return 'too_far';
    throw error;
  }
}

export async function resetTestClock(): Promise<void> {
  await resetClock(await getDb());
}
