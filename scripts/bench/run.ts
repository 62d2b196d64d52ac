/**
 * npm run bench: the API under load on PGlite and on PostgreSQL.
 *
 * For each database: a fresh database seeded here (1 000 and 100 000 bookings),
 * then `next start` on a free loopback port, then autocannon scenarios, then the
 * server is stopped and everything removed. With no PostgreSQL URL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL) the whole bench re-runs itself under
 * scripts/with-postgres.sh, which starts a throwaway PostgreSQL 15.
 * After the HTTP load (server stopped), the bench process itself creates payment
 * links and pays them by card through the service layer (16 concurrent, both
 * databases); on PostgreSQL it then lets 1 and then 2 `scripts/worker.ts`
 * processes clear 10 000 due scheduled payments and 10 000 group instalments, against the
 * sandbox and against the Adyen simulator at 250 ms a call (runner.ts, runner-adyen.ts),
 * and proves nothing was charged twice (docs/runner.md).
 * The production build lives in .next-bench (NEXT_DIST_DIR), rebuilt when a source is newer.
 * Figures are printed and written to .bench/results.json.
 * `npm run bench -- --lists` (or BENCH_ONLY=lists) runs only the list scenarios
 * (seed, server, the three bookings lists): no token, create, payments or runner.
 * While the server runs, a 200-member × 12-instalment group is created through
 * the API, one at a time (scripts/bench/groups.ts); `--groups` (BENCH_ONLY=groups) runs only that.
 * On PostgreSQL, last: webhook deliveries per second with 2 workers to a verifying receiver, and a payment's
 * latency with and without an endpoint listening (scripts/bench/webhooks.ts); `--webhooks` (BENCH_ONLY=webhooks) runs only that.
 * `--dashboard` (BENCH_ONLY=dashboard), run only on its own: the dashboard's read models (bookings list, overview,
 * booking detail) in process at 1 000 and 100 000 bookings on both databases, no build, no server (scripts/bench/dashboard.ts).
 * `--dashboard-pages` (BENCH_ONLY=dashboard-pages): the back office's bookings list and a booking's page over HTTP
 * against the production build, signed in, at 1 000 and 100 000 bookings, with /status in the same run
 * (scripts/bench/dashboard-pages.ts); no API scenarios, group create, payments or runner.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installCleanupHandlers, onInterrupt, removeTempDir, trackTempDir } from './cleanup';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  WARMUP_SECONDS,
  issueTokens,
  runScenario,
  scenarios,
  type ScenarioResult,
} from './load';
import {
  CHECKOUT_PAGE,
  firstLoadJs,
  hostedPages,
  MINIMAL_PAGE,
  pageScenarios,
  pairedRatio,
  summarisePages,
} from './pages';
import { PAYMENT_CONCURRENCY, PAYMENT_SECONDS, PAYMENT_WARMUP_SECONDS, benchPayments } from './payments';
import { createBenchDatabase, redactUrl, serverVersion } from './postgres';
import { formatDatabase, p50Ratio, writeJson, type BenchReport, type DatabaseReport } from './report';
import { RUNNER_BATCH, RUNNER_INTERVAL_MS, RUNNER_PAYMENTS, RUNNER_WORKER_COUNTS, benchRunner } from './runner';
import { GROUP_INSTALMENTS, GROUP_MEMBERS, benchGroupCreate } from './groups';
import { SMALL_ORG, countBookings, seedDatabase } from './seed-bookings';
import { benchWebhooks } from './webhooks';
import { benchDashboard } from './dashboard';
import {
  dashboardPageScenarios,
  primeDashboardPages,
  seedDashboardPages,
  summariseDashboardPages,
  type DashboardPagesSeed,
} from './dashboard-pages';
import { BUILD_ID_FILE, ensureBuild, sleep, startServer, tail, type ServerMemory } from './server';
import type { DatabaseTarget } from '@/lib/db/open';

const repoRoot = path.resolve(__dirname, '..', '..');
process.chdir(repoRoot);

const UNDER_WITH_POSTGRES = 'BENCH_UNDER_WITH_POSTGRES';
const STARTED_MARKER = 'BENCH_STARTED_MARKER';

/** Only the list scenarios: the figures of meta.count at 1 000 and 100 000 bookings, in a few minutes. */
const listsOnly = () => process.env.BENCH_ONLY === 'lists';
/** Only the hosted pages: the checkout against the minimal page, and first-load JavaScript. */
const pagesOnly = () => process.env.BENCH_ONLY === 'pages';
/** Only the group create (200 members × 12 instalments through the API). */
const groupsOnly = () => process.env.BENCH_ONLY === 'groups';
/** Only the runner on PostgreSQL (no build, no server, no PGlite): the scheduled-payment and group-collection scenarios. */
const runnerOnly = () => process.env.BENCH_ONLY === 'runner';
/** Only the webhooks on PostgreSQL (no build, no server, no PGlite): deliveries per second, and a payment with an endpoint listening. */
const webhooksOnly = () => process.env.BENCH_ONLY === 'webhooks';
/** Only the dashboard's read models, in process (no build, no server): scripts/bench/dashboard.ts. */
const dashboardOnly = () => process.env.BENCH_ONLY === 'dashboard';
/** Only the dashboard's pages over HTTP (scripts/bench/dashboard-pages.ts). */
const dashboardPagesOnly = () => process.env.BENCH_ONLY === 'dashboard-pages';
/** One of the partial runs: no service-layer payments, no runner. */
const partial = () => listsOnly() || pagesOnly() || groupsOnly() || dashboardPagesOnly();

async function main(): Promise<number> {
  // Through the environment, so the run under scripts/with-postgres.sh sees it too.
  if (process.argv.includes('--lists')) process.env.BENCH_ONLY = 'lists';
  if (process.argv.includes('--pages')) process.env.BENCH_ONLY = 'pages';
  if (process.argv.includes('--groups')) process.env.BENCH_ONLY = 'groups';
  if (process.argv.includes('--runner')) process.env.BENCH_ONLY = 'runner';
  if (process.argv.includes('--webhooks')) process.env.BENCH_ONLY = 'webhooks';
  if (process.argv.includes('--dashboard')) process.env.BENCH_ONLY = 'dashboard';
  if (process.argv.includes('--dashboard-pages')) process.env.BENCH_ONLY = 'dashboard-pages';
  // The runner and webhook scenarios run scripts/worker.ts, not the production build; the dashboard's run no server.
  if (!runnerOnly() && !webhooksOnly() && !dashboardOnly()) ensureBuild();
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl || process.env[UNDER_WITH_POSTGRES]) {
    if (process.env[STARTED_MARKER]) fs.writeFileSync(process.env[STARTED_MARKER], 'started\n');
    return bench(
      postgresUrl ? { url: postgresUrl } : { skip: 'scripts/with-postgres.sh did not provide TEST_DATABASE_URL' },
    );
  }
  return benchUnderWithPostgres();
}

/** Runs this same script under scripts/with-postgres.sh; when PostgreSQL cannot start, benches PGlite alone. */
async function benchUnderWithPostgres(): Promise<number> {
  const marker = path.join(os.tmpdir(), `tp-bench-started-${process.pid}`);
  fs.rmSync(marker, { force: true });
  console.log(
    'bench: no BENCH_DATABASE_URL / TEST_DATABASE_URL, starting a throwaway PostgreSQL 15 (scripts/with-postgres.sh, PG_DURABLE=1)',
  );
  // `node --import tsx` rather than `npx tsx`: no relaying launcher between a signal and the bench's own clean-up.
  const child = spawn(
    'bash',
    ['scripts/with-postgres.sh', process.execPath, '--import', 'tsx', 'scripts/bench/run.ts'],
    {
      stdio: 'inherit',
      // A group of its own: a signal reaches the bench and with-postgres.sh once, from here, and PostgreSQL is always stopped.
      detached: true,
      // BENCH_REBUILD=1 is done with: this process has just built, and the run under with-postgres.sh would build again.
      env: {
        ...process.env,
        BENCH_REBUILD: undefined,
        PG_DURABLE: '1',
        [UNDER_WITH_POSTGRES]: '1',
        [STARTED_MARKER]: marker,
      },
    },
  );
  let forwarded = false;
  const forward = (signal: NodeJS.Signals) => () => {
    // Once: a second signal (the terminal's and tsx's relay both arrive here) would only hurry the clean-up.
    if (forwarded) return;
    forwarded = true;
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => [signal, forward(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  const code = await new Promise<number>((resolve) => {
    child.once('exit', (status, signal) => resolve(status ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
    child.once('error', (error) => {
      console.error(`bench: could not run scripts/with-postgres.sh: ${error.message}`);
      resolve(127);
    });
  });
  for (const [signal, handler] of handlers) process.off(signal, handler);
  const started = fs.existsSync(marker);
  fs.rmSync(marker, { force: true });
  if (started || code === 130) return code;
  const reason = `PostgreSQL could not be started: scripts/with-postgres.sh exited with ${code} before the bench ran (its messages are above)`;
  console.error(`bench: ${reason}; benchmarking PGlite only`);
  return bench({ skip: reason });
}

async function bench(postgres: { url: string } | { skip: string }): Promise<number> {
  installCleanupHandlers();
  const startedAt = new Date();
  const databases: DatabaseReport[] = [];

  if (dashboardOnly()) {
    databases.push(await benchDashboardPglite());
    databases.push(
      'url' in postgres
        ? await benchDashboardPostgres(postgres.url)
        : { database: 'PostgreSQL', status: 'skipped', reason: postgres.skip, scenarios: [] },
    );
  } else if (!runnerOnly() && !webhooksOnly()) databases.push(await benchPglite());
  if (dashboardOnly()) {
    // Both databases done above.
  } else if ('url' in postgres) {
    databases.push(
      runnerOnly()
        ? await benchRunnerOnly(postgres.url)
        : webhooksOnly()
          ? await benchWebhooksOnly(postgres.url)
          : await benchPostgres(postgres.url),
    );
  } else databases.push({ database: 'PostgreSQL', status: 'skipped', reason: postgres.skip, scenarios: [] });

  const report: BenchReport = {
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      load_average: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    build: buildInfo(),
    settings: {
      connections: CONNECTIONS,
      duration_seconds: DURATION_SECONDS,
      warmup_seconds: WARMUP_SECONDS,
      payments: {
        concurrency: PAYMENT_CONCURRENCY,
        duration_seconds: PAYMENT_SECONDS,
        warmup_seconds: PAYMENT_WARMUP_SECONDS,
      },
      runner: {
        scheduled_payments: RUNNER_PAYMENTS,
        workers: RUNNER_WORKER_COUNTS,
        batch: RUNNER_BATCH,
        interval_ms: RUNNER_INTERVAL_MS,
      },
    },
    databases,
    failed: databases.some((d) => d.status === 'failed'),
  };
  const file = writeJson(report);
  console.log(
    `\nbench: production build ${report.build.id} of ${report.build.built_at}; load average at the end ${report.machine.load_average.join(' ')} on ${report.machine.cpus} CPUs`,
  );
  console.log(
    `\n==================== travel-pay bench (${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario after a ${WARMUP_SECONDS} s warm-up) ====================`,
  );
  console.log(
    `payments: ${PAYMENT_CONCURRENCY} concurrent link + card payments through the service layer for ${PAYMENT_SECONDS} s after a ${PAYMENT_WARMUP_SECONDS} s warm-up;` +
      ` runner (PostgreSQL): ${RUNNER_PAYMENTS.toLocaleString('en-GB')} due scheduled payments cleared by ${RUNNER_WORKER_COUNTS.join(' and by ')} worker processes`,
  );
  for (const database of databases) console.log(`\n${formatDatabase(database)}`);
  console.log(`\nFigures written to ${file}`);
  if (report.failed) console.log('bench: FAILED (see above)');
  return report.failed ? 1 : 0;
}

/** `--dashboard` on PGlite: a data folder of its own, seeded and measured in this process. */
async function benchDashboardPglite(): Promise<DatabaseReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-dashboard-'));
  trackTempDir(dir);
  try {
    return { database: 'PGlite', status: 'ok', scenarios: [], dashboard: await benchDashboard({ dataDir: dir }) };
  } catch (error) {
    console.error(`bench: PGlite dashboard failed: ${(error as Error).stack}`);
    return { database: 'PGlite', status: 'failed', reason: (error as Error).message, scenarios: [] };
  } finally {
    removeTempDir(dir);
  }
}

/** `--dashboard` on PostgreSQL: a fresh database of the server, dropped afterwards. */
async function benchDashboardPostgres(serverUrl: string): Promise<DatabaseReport> {
  const version = await serverVersion(serverUrl);
  const created = await createBenchDatabase(serverUrl);
  const forget = onInterrupt(created.drop);
  try {
    return {
      database: 'PostgreSQL',
      status: 'ok',
      details: { server: `PostgreSQL ${version}`, pool_size: process.env.DATABASE_POOL_SIZE ?? '10 (default)' },
      scenarios: [],
      dashboard: await benchDashboard({ url: created.url }),
    };
  } catch (error) {
    console.error(`bench: PostgreSQL dashboard failed: ${(error as Error).stack}`);
    return { database: 'PostgreSQL', status: 'failed', reason: (error as Error).message, scenarios: [] };
  } finally {
    await created
      .drop()
      .catch((error: Error) => console.error(`bench: could not drop ${created.name}: ${error.message}`));
    forget();
  }
}

async function benchPglite(): Promise<DatabaseReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-pglite-'));
  trackTempDir(dir);
  try {
    return await benchDatabase('PGlite', { dataDir: dir }, { DATA_DIR: dir }, dir, { data_dir: dir });
  } finally {
    removeTempDir(dir);
  }
}

async function benchPostgres(serverUrl: string): Promise<DatabaseReport> {
  let created: Awaited<ReturnType<typeof createBenchDatabase>>;
  let version: string;
  try {
    version = await serverVersion(serverUrl);
    created = await createBenchDatabase(serverUrl);
  } catch (error) {
    const reason = `PostgreSQL at ${redactUrl(serverUrl)} is not usable: ${(error as Error).message}`;
    console.error(`bench: ${reason}`);
    return { database: 'PostgreSQL', status: 'skipped', reason, scenarios: [] };
  }
  const forget = onInterrupt(created.drop);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-pg-'));
  trackTempDir(dir);
  try {
    // DATA_DIR too: the sandbox seed writes its credentials file there, not into the repository.
    const report = await benchDatabase(
      'PostgreSQL',
      { url: created.url },
      { DATABASE_URL: created.url, DATA_DIR: dir },
      dir,
      {
        server: `PostgreSQL ${version} (${process.env[UNDER_WITH_POSTGRES] ? 'throwaway, PG_DURABLE=1' : redactUrl(serverUrl)})`,
        database: created.name,
        pool_size: process.env.DATABASE_POOL_SIZE ?? '10 (DATABASE_POOL_SIZE default)',
      },
    );
    if (partial()) return report;
    // Databases of their own (fresh per run), so that the counts prove exactly one charge per payment.
    console.log(`bench: PostgreSQL: runner, fresh databases on the same server…`);
    try {
      report.runner = await benchRunner(serverUrl);
      if (report.runner.some((run) => run.failed)) report.status = 'failed';
    } catch (error) {
      report.status = 'failed';
      report.reason = [report.reason, `runner: ${(error as Error).message}`].filter(Boolean).join('; ');
      console.error(`bench: PostgreSQL runner failed: ${(error as Error).message}`);
    }
    await addWebhooks(report, serverUrl);
    return report;
  } finally {
    removeTempDir(dir);
    await created
      .drop()
      .catch((error: Error) => console.error(`bench: could not drop ${created.name}: ${error.message}`));
    forget();
  }
}

/** `--runner`: the runner scenarios alone, each on a fresh database of the PostgreSQL server. */
async function benchRunnerOnly(serverUrl: string): Promise<DatabaseReport> {
  const report: DatabaseReport = { database: 'PostgreSQL', status: 'ok', scenarios: [] };
  try {
    report.details = {
      server: `PostgreSQL ${await serverVersion(serverUrl)} (${process.env[UNDER_WITH_POSTGRES] ? 'throwaway, PG_DURABLE=1' : redactUrl(serverUrl)})`,
    };
    report.runner = await benchRunner(serverUrl);
    if (report.runner.some((run) => run.failed)) report.status = 'failed';
  } catch (error) {
    report.status = 'failed';
    report.reason = `runner: ${(error as Error).message}`;
    console.error(`bench: PostgreSQL runner failed: ${(error as Error).message}`);
  }
  return report;
}

/** `--webhooks`: the webhook scenarios alone, each on a fresh database of the PostgreSQL server. */
async function benchWebhooksOnly(serverUrl: string): Promise<DatabaseReport> {
  const report: DatabaseReport = { database: 'PostgreSQL', status: 'ok', scenarios: [] };
  try {
    report.details = {
      server: `PostgreSQL ${await serverVersion(serverUrl)} (${process.env[UNDER_WITH_POSTGRES] ? 'throwaway, PG_DURABLE=1' : redactUrl(serverUrl)})`,
    };
  } catch (error) {
    return { ...report, status: 'failed', reason: (error as Error).message };
  }
  await addWebhooks(report, serverUrl);
  return report;
}

async function addWebhooks(report: DatabaseReport, serverUrl: string): Promise<void> {
  console.log('bench: PostgreSQL: webhooks, fresh databases on the same server…');
  report.webhooks = await benchWebhooks(serverUrl);
  const w = report.webhooks;
  console.log(
    `bench: PostgreSQL: webhooks: ${w.deliveries_per_second.toFixed(1)} deliveries/s, exactly once ${w.proof.ok ? 'proven' : 'NOT PROVEN'}${w.failed ? ' FAILED' : ''}`,
  );
  if (w.failed) report.status = 'failed';
}

async function benchDatabase(
  name: DatabaseReport['database'],
  target: DatabaseTarget,
  serverEnv: Record<string, string>,
  workDir: string,
  details: Record<string, unknown>,
): Promise<DatabaseReport> {
  const report: DatabaseReport = { database: name, status: 'ok', details, scenarios: [] };
  const referencePrefix = `LOAD-${Date.now().toString(36)}-`;
  console.log(`\nbench: ${name}: seeding…`);
  try {
    const seed = await seedDatabase(target);
    report.seed = { bookings: seed.bookings, seconds: seed.seconds };
    let dashboard: DashboardPagesSeed | undefined;
    if (dashboardPagesOnly()) {
      console.log(`bench: ${name}: payments, busy bookings and staff sessions for the dashboard's pages…`);
      dashboard = await seedDashboardPages(target);
      report.seed.seconds += dashboard.seconds;
    }
    console.log(`bench: ${name}: seeded in ${seed.seconds.toFixed(1)} s, starting the server…`);

    const server = await startServer(serverEnv, workDir);
    const savedLog = path.join('.bench', `server-${name.toLowerCase()}.log`);
    let peak: ServerMemory | undefined;
    const sampler = setInterval(() => {
      const now = server.memory();
      if (now.group_rss_kib !== null && (!peak || now.group_rss_kib > (peak.group_rss_kib ?? 0))) peak = now;
    }, 1000);
    try {
      console.log(`bench: ${name}: server ${server.baseUrl} (pid ${server.pid}) ready`);
      const tokens = await issueTokens(server.baseUrl, seed.keys);
      const pages = listsOnly() || groupsOnly() || dashboard ? [] : await hostedPages(server.baseUrl, tokens.small);
      const apiScenarios =
        pagesOnly() || groupsOnly() || dashboard
          ? []
          : scenarios(seed.keys, tokens, referencePrefix, { listsOnly: listsOnly() });
      const dashboardScenarios = dashboard ? dashboardPageScenarios(dashboard) : [];
      if (dashboard) await primeDashboardPages(server.baseUrl, dashboardScenarios);
      for (const scenario of [...apiScenarios, ...pageScenarios(pages), ...dashboardScenarios]) {
        process.stdout.write(`bench: ${name}: ${scenario.name}… `);
        const result = await runScenario(server.baseUrl, scenario);
        report.scenarios.push(result);
        console.log(
          `${result.requests_per_second_mean.toFixed(1)} req/s, p50 ${result.latency_p50_ms} ms, p99 ${result.latency_p99_ms} ms${result.failed ? ' FAILED' : ''}`,
        );
        if (server.exited())
          throw new Error(`the server exited during "${scenario.name}"\n${tail(server.logFile, 40)}`);
        await sleep(500);
      }
      if (!listsOnly() && !pagesOnly() && !dashboard) {
        process.stdout.write(
          `bench: ${name}: create a group of ${GROUP_MEMBERS} members × ${GROUP_INSTALMENTS} instalments (API)… `,
        );
        report.groups = await benchGroupCreate(server.baseUrl, tokens.small, SMALL_ORG);
        const g = report.groups;
        console.log(
          `p50 ${g.create_p50_ms} ms, max ${g.create_max_ms} ms (target under ${g.target_ms} ms)${g.failed ? ' FAILED' : ''}`,
        );
      }
      if (pages.length) {
        const js = [];
        for (const page of pages) js.push(await firstLoadJs(server.baseUrl, page));
        const byName = (name: string) => pageScenarios(pages).find((scenario) => scenario.name === name)!;
        const [minimal, checkout] = [byName(MINIMAL_PAGE), byName(CHECKOUT_PAGE)];
        const nextServer = server.memory().processes.find((p) => p.command.includes('next-server'));
        process.stdout.write(`bench: ${name}: checkout and /status in alternating rounds… `);
        const paired = await pairedRatio(server.baseUrl, { minimal, checkout }, nextServer?.pid ?? null);
        console.log(`median ratio ${paired.median} (${paired.rounds.join(' ')})`);
        report.pages = summarisePages(name, report.scenarios, js, paired);
      }
      if (dashboard) report.dashboard_pages = summariseDashboardPages(report.scenarios);
      const end = server.memory();
      report.memory = end;
      if (peak)
        report.details = { ...report.details, peak_group_rss_mib: Math.round((peak.group_rss_kib ?? 0) / 1024) };
    } finally {
      clearInterval(sampler);
      await server.stop();
      fs.mkdirSync('.bench', { recursive: true });
      fs.copyFileSync(server.logFile, savedLog);
      report.details = { ...report.details, server_log: savedLog };
    }
    report.server_log_errors = summariseServerLog(savedLog);

    report.list_large_over_small_p50 = p50Ratio(
      report.scenarios,
      'list bookings large (100k)',
      'list bookings small (1k)',
    );
    report.list_large_skip_over_small_p50 = p50Ratio(
      report.scenarios,
      'list large, skip 1000',
      'list bookings small (1k)',
    );
    if (report.groups?.failed) report.status = 'failed';
    if (partial()) {
      if (report.scenarios.some((s) => s.failed)) report.status = 'failed';
      return report;
    }
    // The server is stopped: this process may open the database (PGlite: one process per folder).
    process.stdout.write(`bench: ${name}: link + card payment (service layer, ${PAYMENT_CONCURRENCY} concurrent)… `);
    report.payments = await benchPayments(target, 'url' in target ? 'postgres' : 'pglite');
    const p = report.payments;
    console.log(
      `${p.payments_per_second.toFixed(1)} payments/s, p50 ${p.latency_p50_ms} ms, p99 ${p.latency_p99_ms} ms, check ${p.check.ok ? 'ok' : 'MISMATCH'}${p.failed ? ' FAILED' : ''}`,
    );

    report.create_check = await checkCreates(target, referencePrefix, report.scenarios);
    if (report.scenarios.some((s) => s.failed) || !report.create_check.ok || report.payments.failed)
      report.status = 'failed';
  } catch (error) {
    report.status = 'failed';
    report.reason = (error as Error).message;
    console.error(`bench: ${name} failed: ${(error as Error).message}`);
  }
  return report;
}

/** Which production build was measured (the bench's own, in .next-bench, rebuilt when a source is newer). */
function buildInfo(): { id: string; built_at: string } {
  if (!fs.existsSync(BUILD_ID_FILE)) return { id: 'none (runner only)', built_at: '' };
  return {
    id: fs.readFileSync(BUILD_ID_FILE, 'utf8').trim(),
    built_at: fs.statSync(BUILD_ID_FILE).mtime.toISOString(),
  };
}

/** Every successful create made one booking (in-flight requests when a run stops may add up to one per connection). */
async function checkCreates(target: DatabaseTarget, referencePrefix: string, results: ScenarioResult[]) {
  const create = results.find((r) => r.scenario === 'create booking');
  const ok2xx = create ? (create.status_codes['200'] ?? 0) + (create.warmup.status_codes['200'] ?? 0) : 0;
  const inDatabase = await countBookings(target, referencePrefix);
  return {
    responses_2xx: ok2xx,
    bookings_in_database: inDatabase,
    ok: inDatabase >= ok2xx && inDatabase <= ok2xx + 2 * CONNECTIONS,
  };
}

/** The server's error lines, grouped by message ("Error: aborted" is a client that hung up, e.g. when a run stops). */
function summariseServerLog(file: string): { lines: number; by_message: Record<string, number> } {
  const byMessage: Record<string, number> = {};
  let lines = 0;
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { lines, by_message: byMessage };
  }
  for (const line of text.split('\n')) {
    let message: string | undefined;
    try {
      const entry = JSON.parse(line) as { level?: string; message?: string };
      if (entry.level === 'error') message = String(entry.message);
    } catch {
      if (/\berror\b|unhandled|uncaught|fatal/i.test(line)) message = line.slice(0, 120);
    }
    if (message === undefined) continue;
    lines += 1;
    byMessage[message] = (byMessage[message] ?? 0) + 1;
  }
  return { lines, by_message: byMessage };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('bench: failed:', error);
    process.exit(1);
  },
);
