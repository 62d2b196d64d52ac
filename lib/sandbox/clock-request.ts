import { z } from 'zod';
import type { Executor } from '@/lib/db/types';
import { advanceClock, MAX_CLOCK_OFFSET_SECONDS, resetClock, setClock, type ClockState } from './test-clock';

/**
 * The body of POST /api/sandbox/clock: exactly one of `advance_seconds`,
 * `set_to` or `reset`. One object rather than a zod union, so that each invalid
 * field gets its own message naming it.
 */
export const moveClockSchema = z
  .object({
    advance_seconds: z.number().int().min(1).max(MAX_CLOCK_OFFSET_SECONDS).optional(),
    set_to: z.iso.datetime({ offset: true }).optional(),
    reset: z.literal(true).optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.advance_seconds, body.set_to, body.reset].filter((value) => value !== undefined).length;
    if (given !== 1)
      ctx.addIssue({ code: 'custom', path: [], message: 'send exactly one of advance_seconds, set_to or reset.' });
  });

export type MoveClockRequest = z.output<typeof moveClockSchema>;

export function moveClock(db: Executor, request: MoveClockRequest): Promise<ClockState> {
  if (request.advance_seconds !== undefined) return advanceClock(db, { seconds: request.advance_seconds });
  if (request.set_to !== undefined) return setClock(db, { to: new Date(request.set_to) });
  return resetClock(db);
}
