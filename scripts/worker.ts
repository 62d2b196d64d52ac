/**
 * `npm run worker`: runs the background jobs (scheduled payments, expiring
 * authorisations, abandoned payments, refunds, email) in a process of its own.
 * Start as many as you like against one PostgreSQL (DATABASE_URL); with the
 * embedded PGlite only the server process may open the data folder.
 */
import { closeDatabase, getDb } from '@/lib/db/client';
import { guardConsole } from '@/lib/http/console-guard';
import { describeErrorSafely } from '@/lib/http/safe-error-log';
import { runnerIntervalMs } from '@/lib/runner/start-runner';
import { runOnce, runUntilIdle, sumReports } from '@/lib/runner/run-once';
import { drainWebhooks } from '@/lib/runner/webhooks-step';
import { refuseUnsafeStart } from '@/lib/startup-check';

// No database error's parameters in this process's log, whoever logs it (lib/http/console-guard.ts).
guardConsole();

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopping = true;
  });

async function main() {
  // The same refusals as the server, before the database is opened (and migrated).
  refuseUnsafeStart('worker');
  if (!process.env.DATABASE_URL)
    console.warn('worker: DATABASE_URL is not set; using the embedded database in DATA_DIR (stop the server first).');
  const db = await getDb();
  const once = process.argv.includes('--once');
  console.log(`worker: started (pid ${process.pid})${once ? ', one pass' : `, every ${runnerIntervalMs()} ms`}`);
  while (!stopping) {
    // A backlog is worked off pass after pass without sleeping; the interval only separates idle checks.
    const reports = once ? [await runOnce(db)] : await runUntilIdle(db, { maxPasses: 100, stopping: () => stopping });
    console.log(
      JSON.stringify({
        level: 'info',
        message: 'runner passes',
        pid: process.pid,
        passes: reports.length,
        ...sumReports(reports),
      }),
    );
    if (once) break;
    await new Promise((resolve) => setTimeout(resolve, runnerIntervalMs()));
  }
  // A pass starts webhook attempts without waiting for them: the ones in flight finish before the database closes.
  await drainWebhooks(db);
  await closeDatabase();
}

main().catch((error) => {
  console.error(JSON.stringify({ level: 'error', message: 'worker stopped', error: describeErrorSafely(error) }));
  process.exit(1);
});
