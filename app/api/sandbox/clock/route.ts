import { apiRoute } from '@/lib/http/api-route';
import { moveClockSchema, moveClock } from '@/lib/sandbox/clock-request';
import { clockState, syncClockFromDatabase } from '@/lib/sandbox/test-clock';
import { sandboxOnly, sandboxOnlyMethods } from '../sandbox-only';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The sandbox test clock (docs/sandbox.md, "Test clock"). Any valid token may read or move it. */
export const GET = sandboxOnly(
  apiRoute({}, async ({ db }) => {
    // Another process may have moved it: answer what the database holds.
    await syncClockFromDatabase(db);
    return clockState();
  }),
);

export const POST = sandboxOnly(apiRoute({ body: moveClockSchema }, ({ db, body }) => moveClock(db, body)));

export const { PUT, PATCH, DELETE, OPTIONS } = sandboxOnlyMethods(otherMethods('GET', 'POST'));
