import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { killGroup, onInterrupt, removeTempDir, trackServerGroup, trackTempDir, untrackServerGroup } from './cleanup';
import { createBenchTenant } from './bench-tenant';
import { cpuMeter, round, type CpuUsage } from './measure';
import { APPROVED_VISA } from './payments';
import { createBenchDatabase } from './postgres';
import { postgresCpuSeconds, processCpuSeconds } from './process-cpu';
import {
  SIMULATOR_LATENCY_MS,
  simulatorCharges,
  simulatorWorkerEnv,
  startBenchSimulator,
  storeCardAtSimulator,
} from './runner-adyen';
import { seedGroupCollections } from './runner-groups';
import { sleep } from './server';
import { DEFAULT_CHARGE_CONCURRENCY } from '@/lib/runner/scheduled-payments-step';

/*
 * The runner clearing a backlog of due scheduled payments on PostgreSQL, with
 * one and then with two worker processes, in two scenarios: the bookings'
 * scheduled payments (below) and one due date of a group's opted-in members
 * (runner-groups.ts), each charge its instalment link's payment (`scripts/worker.ts`: runOnce with its
 * batches of 50, pipelined, RUNNER_CHARGE_CONCURRENCY in flight; RUNNER_INTERVAL_MS of sleep when idle). Each run gets a fresh database seeded in SQL with RUNNER_PAYMENTS
 * bookings, one saved card each and one QUEUED scheduled payment each, due an
 * hour ago. The saved cards all carry the token of one card stored by a real
 * sandbox payment (the sandbox only accepts tokens its ledger issued).
 * The same two scenarios run again against the Adyen simulator (runner-adyen.ts).
 * Afterwards the database (and the simulator's record) proves that nothing was charged twice.
 */
/** BENCH_RUNNER_PAYMENTS for a quicker look while tuning; the reported figures use 10 000. */
export const RUNNER_PAYMENTS = Number(process.env.BENCH_RUNNER_PAYMENTS ?? 10_000);
export const RUNNER_WORKER_COUNTS = [1, 2] as const;
export const RUNNER_INTERVAL_MS = 200;
/** runOnce's default, which scripts/worker.ts uses. */
export const RUNNER_BATCH = 50;
/** The workers' RUNNER_CHARGE_CONCURRENCY: BENCH_RUNNER_CONCURRENCY, else the default on PostgreSQL (scheduled-payments-step.ts). */
export const RUNNER_CHARGE_CONCURRENCY = Number(process.env.BENCH_RUNNER_CONCURRENCY ?? DEFAULT_CHARGE_CONCURRENCY);
const RUNNER_TIMEOUT_MS = 600_000;
const WORKER_SCRIPT = 'scripts/worker.ts';

export type DoubleChargeProof = {
  scheduled_payments: number;
  scheduled_complete: number;
  scheduled_failed: number;
  scheduled_left: number;
  scheduled_max_attempts: number;
  scheduled_distinct_transactions: number;
  scheduled_amount_sum: number;
  transactions_scheduled: number;
  transactions_scheduled_distinct_keys: number;
  transactions_scheduled_complete: number;
  transactions_scheduled_amount_sum: number;
  /** Scheduled payments whose transaction_id is a transaction keyed `scheduled:<that payment's id>`. */
  scheduled_matched_to_transaction: number;
  ledger_charge_stored: number;
  ledger_charge_stored_distinct_keys: number;
  ledger_keys_charged_more_than_once: number;
  ledger_charge_stored_authorised: number;
  ledger_charged_amount_sum: number;
  /** Ledger charges whose idempotency key is the id of a `scheduled:%` transaction (chargeSavedCard keys the processor call by transaction id). */
  ledger_matched_to_transaction: number;
  /** Group scenario: COMPLETE collections whose transaction is their link's own payment (payment_link_id), and links with more than one live payment. */
  scheduled_paying_their_link: number;
  links_paid_more_than_once: number;
  ok: boolean;
};

export type RunnerRun = {
  scenario: string;
  /** Who charged: the sandbox processor (its ledger proves), or the Adyen simulator at SIMULATOR_LATENCY_MS a call (its record of /payments proves). */
  processor: 'sandbox' | 'adyen';
  workers: number;
  /** RUNNER_CHARGE_CONCURRENCY of each worker (charges in flight at once). */
  charge_concurrency: number;
  worker_command: string;
  batch: number;
  interval_ms: number;
  scheduled_payments: number;
  seed_seconds: number;
  /** From spawning the workers until no QUEUED / IN_PROGRESS payment was left (includes the workers' start-up). */
  wall_seconds: number;
  /** From the first claim to the last completion, as the database recorded them (no start-up). */
  clearing_seconds: number;
  payments_per_second: number;
  payments_per_second_wall: number;
  /**
   * The payers' receipts: queued unwritten with each grouped settle, written by the runner once the backlog of charges
   * is cleared (money first, docs/runner.md). How many, and how long after the last charge the last was written.
   */
  receipts: { queued: number; written_after_charges_seconds: number | null };
  /** Payments each worker completed, from its "runner passes" log lines. */
  per_worker_completed: Record<string, number>;
  /** Passes that charged something, per worker: each is followed by RUNNER_INTERVAL_MS of sleep. */
  per_worker_passes: Record<string, number>;
  /** Share of the clearing time the busiest worker spent in that sleep (passes × interval / clearing time). */
  interval_sleep_share: number | null;
  proof: DoubleChargeProof | null;
  cpu: CpuUsage;
  /**
   * CPU time per payment, from the first claim the bench saw to the last completion: the workers' processes and the
   * PostgreSQL server's (null when it is not on this machine). Unlike payments/s, hardly moved by other work on the
   * machine: with 2 CPUs, 2000 / total is the most this machine could clear per second.
   */
  cpu_ms_per_payment: { workers: number; postgres: number | null; total: number | null; payments: number } | null;
  worker_logs: string[];
  failed: boolean;
  problems: string[];
};

/** What a runner run clears: the bookings' scheduled payments, or one due date of a group's opted-in members. */
type RunnerScenario = {
  label: string;
  describe: string;
  seed: (url: string) => Promise<number>;
  group: boolean;
  /** sandbox: MODE=sandbox, the sandbox processor's ledger; adyen: MODE=production against the Adyen simulator (runner-adyen.ts). */
  processor: 'sandbox' | 'adyen';
};

const RUNNER_SCENARIOS: (RunnerScenario & { key: string })[] = [
  {
    key: 'scheduled',
    label: `${RUNNER_PAYMENTS / 1000}k scheduled`,
    describe: 'due scheduled payments',
    seed: (url) => seedScheduledPayments(url),
    group: false,
    processor: 'sandbox',
  },
  {
    key: 'groups',
    label: `${RUNNER_PAYMENTS / 1000}k group instalments, one due date`,
    describe: "opted-in group members' instalments due at once",
    seed: (url) => seedGroupCollections(url, RUNNER_PAYMENTS),
    group: true,
    processor: 'sandbox',
  },
  {
    key: 'scheduled-adyen',
    label: `${RUNNER_PAYMENTS / 1000}k scheduled, Adyen simulator ${SIMULATOR_LATENCY_MS} ms`,
    describe: `due scheduled payments against the Adyen simulator (${SIMULATOR_LATENCY_MS} ms a call)`,
    seed: (url) => seedScheduledPayments(url),
    group: false,
    processor: 'adyen',
  },
  {
    key: 'groups-adyen',
    label: `${RUNNER_PAYMENTS / 1000}k group instalments, Adyen simulator ${SIMULATOR_LATENCY_MS} ms`,
    describe: `opted-in group members' instalments due at once against the Adyen simulator (${SIMULATOR_LATENCY_MS} ms a call)`,
    seed: (url) => seedGroupCollections(url, RUNNER_PAYMENTS),
    group: true,
    processor: 'adyen',
  },
];

export async function benchRunner(serverUrl: string): Promise<RunnerRun[]> {
  const runs: RunnerRun[] = [];
  // BENCH_RUNNER_SCENARIOS=scheduled (or groups): one scenario only.
  const only = process.env.BENCH_RUNNER_SCENARIOS?.split(',');
  for (const scenario of RUNNER_SCENARIOS.filter((s) => !only || only.includes(s.key)))
    for (const workers of RUNNER_WORKER_COUNTS) {
      process.stdout.write(
        `bench: PostgreSQL: runner, ${RUNNER_PAYMENTS.toLocaleString('en-GB')} ${scenario.describe}, ${workers} worker process${workers > 1 ? 'es' : ''}… `,
      );
      const run = await oneRun(serverUrl, workers, scenario);
      runs.push(run);
      console.log(
        `${run.payments_per_second.toFixed(1)} payments/s (${run.clearing_seconds.toFixed(1)} s; ${run.wall_seconds.toFixed(1)} s wall), ` +
          `double-charge proof ${run.proof?.ok ? 'ok' : 'FAILED'}${run.failed ? ' FAILED' : ''}`,
      );
    }
  return runs;
}

async function oneRun(serverUrl: string, workers: number, scenario: RunnerScenario): Promise<RunnerRun> {
  const run: RunnerRun = {
    scenario: `runner: ${scenario.label}, ${workers} worker${workers > 1 ? 's' : ''}`,
    processor: scenario.processor,
    workers,
    charge_concurrency: RUNNER_CHARGE_CONCURRENCY,
    worker_command: `node --import tsx ${WORKER_SCRIPT}`,
    batch: RUNNER_BATCH,
    interval_ms: RUNNER_INTERVAL_MS,
    scheduled_payments: 0,
    seed_seconds: 0,
    wall_seconds: 0,
    clearing_seconds: 0,
    payments_per_second: 0,
    payments_per_second_wall: 0,
    receipts: { queued: 0, written_after_charges_seconds: null },
    per_worker_completed: {},
    per_worker_passes: {},
    interval_sleep_share: null,
    proof: null,
    cpu: { busy_percent: null, load_average_end: [] },
    cpu_ms_per_payment: null,
    worker_logs: [],
    failed: false,
    problems: [],
  };
  const created = await createBenchDatabase(serverUrl);
  const forget = onInterrupt(created.drop);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-runner-'));
  trackTempDir(dir);
  const client = new Client({ connectionString: created.url, connectionTimeoutMillis: 10_000 });
  let connected = false;
  let sim: Awaited<ReturnType<typeof startBenchSimulator>> | null = null;
  try {
    const seedStarted = Date.now();
    run.scheduled_payments = await scenario.seed(created.url);
    if (scenario.processor === 'adyen') {
      sim = await startBenchSimulator();
      const token = await storeCardAtSimulator(sim);
      await client.connect();
      connected = true;
      // Every saved card becomes the card stored at the simulator (one shopper, one stored card), as the sandbox seed copies its token.
      await client.query('update saved_cards set processor_token = $1', [token]);
    }
    run.seed_seconds = round((Date.now() - seedStarted) / 1000, 1);
    if (!connected) await client.connect();

    const backendPid = Number((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid);
    const meter = cpuMeter();
    const started = performance.now();
    const sleepsByPid: Record<string, number> = {};
    const processorEnv = sim ? simulatorWorkerEnv(sim) : {};
    const spawned = Array.from({ length: workers }, (_, i) => spawnWorker(created.url, dir, i + 1, processorEnv));
    const cpuNow = () => ({
      workers: spawned.reduce((sum, worker) => sum + (processCpuSeconds(worker.pid) ?? 0), 0),
      postgres: postgresCpuSeconds(backendPid),
    });
    let firstCpu: { workers: number; postgres: number | null; left: number } | null = null;
    try {
      const deadline = Date.now() + RUNNER_TIMEOUT_MS;
      let left = Number.POSITIVE_INFINITY;
      while (left > 0) {
        await sleep(100);
        const { rows } = await client.query<{ n: string }>(
          `select count(*) as n from scheduled_payments where status in ('QUEUED', 'IN_PROGRESS')`,
        );
        left = Number(rows[0]?.n ?? 0);
        // The window starts at the first sample that saw work done (the workers' start-up is not a payment's cost).
        const done = (
          await client.query<{ n: string }>(
            `select count(*) as n from scheduled_payments where status not in ('QUEUED', 'IN_PROGRESS')`,
          )
        ).rows[0]?.n;
        if (!firstCpu && Number(done) > 0) firstCpu = { ...cpuNow(), left };
        if (left === 0 && firstCpu && firstCpu.left > 0) {
          const last = cpuNow();
          const per = (seconds: number) => round((seconds * 1000) / firstCpu!.left, 2);
          const postgres =
            last.postgres !== null && firstCpu.postgres !== null ? per(last.postgres - firstCpu.postgres) : null;
          const workersMs = per(last.workers - firstCpu.workers);
          run.cpu_ms_per_payment = {
            workers: workersMs,
            postgres,
            total: postgres === null ? null : round(workersMs + postgres, 2),
            payments: firstCpu.left,
          };
        }
        const dead = spawned.filter((worker) => worker.exitCode() !== null);
        if (left > 0 && dead.length)
          throw new Error(
            `worker ${dead.map((w) => `${w.pid} exited (${w.exitCode()})`).join(', ')} with ${left} payments left; see ${dead[0]!.logFile}`,
          );
        if (left > 0 && Date.now() > deadline)
          throw new Error(`${left} scheduled payments still due after ${RUNNER_TIMEOUT_MS / 1000} s`);
      }
      run.wall_seconds = round((performance.now() - started) / 1000);
      run.cpu = meter.stop();
      run.receipts = await waitForReceipts(client, deadline);
    } finally {
      await Promise.all(spawned.map((worker) => worker.stop()));
      for (const worker of spawned) {
        const saved = path.join('.bench', `worker-${workers}w-${worker.index}.log`);
        fs.mkdirSync('.bench', { recursive: true });
        fs.copyFileSync(worker.logFile, saved);
        run.worker_logs.push(saved);
        for (const [pid, figures] of Object.entries(passesByPid(worker.logFile))) {
          run.per_worker_completed[pid] = figures.completed;
          run.per_worker_passes[pid] = figures.passes;
          sleepsByPid[pid] = figures.wakeups;
        }
      }
    }

    run.proof = await proveNoDoubleCharges(
      client,
      run.scheduled_payments,
      scenario.group,
      sim ? simulatorCharges(sim) : null,
    );
    if (sim && sim.violations.length)
      run.problems.push(
        `requests the Adyen simulator found against the v71 spec: ${sim.violations.slice(0, 3).join('; ')}`,
      );
    const [window] = (
      await client.query<{ seconds: string | null }>(
        `select extract(epoch from max(completed_at) - min(claimed_at)) as seconds from scheduled_payments`,
      )
    ).rows;
    run.clearing_seconds = round(Number(window?.seconds ?? 0));
    const complete = run.proof.scheduled_complete;
    run.payments_per_second = run.clearing_seconds > 0 ? round(complete / run.clearing_seconds) : 0;
    run.payments_per_second_wall = run.wall_seconds > 0 ? round(complete / run.wall_seconds) : 0;
    // The worker sleeps once per wake-up (it works a backlog off without sleeping between passes).
    const busiest = Math.max(0, ...Object.values(sleepsByPid));
    run.interval_sleep_share =
      run.clearing_seconds > 0
        ? round(Math.min(1, (busiest * RUNNER_INTERVAL_MS) / 1000 / run.clearing_seconds))
        : null;
    if (!run.proof.ok) run.problems.push(`double-charge proof failed: ${JSON.stringify(run.proof)}`);
    const busyWorkers = Object.values(run.per_worker_completed).filter((n) => n > 0).length;
    if (busyWorkers < workers)
      run.problems.push(
        `only ${busyWorkers} of ${workers} workers completed payments (${JSON.stringify(run.per_worker_completed)})`,
      );
    const logged = Object.values(run.per_worker_completed).reduce((sum, n) => sum + n, 0);
    if (logged !== complete)
      run.problems.push(`the workers logged ${logged} completed payments, the database has ${complete}`);
  } catch (error) {
    run.problems.push((error as Error).message);
  } finally {
    await client.end().catch(() => undefined);
    await sim?.close().catch(() => undefined);
    removeTempDir(dir);
    await created.drop().catch((error: Error) => run.problems.push(`could not drop ${created.name}: ${error.message}`));
    forget();
  }
  run.failed = run.problems.length > 0;
  return run;
}

/** Polls (the workers still run) until no receipt waits for its words; null when the deadline passes first. */
async function waitForReceipts(client: Client, deadline: number): Promise<RunnerRun['receipts']> {
  const cleared = performance.now();
  const count = async (where: string) =>
    Number((await client.query<{ n: string }>(`select count(*) as n from email_outbox where ${where}`)).rows[0]?.n);
  const queued = await count(`dedupe_key like 'receipt:%'`);
  while ((await count('render_later is not null')) > 0) {
    if (Date.now() > deadline) return { queued, written_after_charges_seconds: null };
    await sleep(100);
  }
  return { queued, written_after_charges_seconds: round((performance.now() - cleared) / 1000, 1) };
}

/**
 * A fresh database: organisation, user, RUNNER_PAYMENTS bookings; one card
 * stored by a real sandbox payment (link on the first booking, payByCard with
 * storeCard); that card's token copied onto a saved card for every other
 * booking; one QUEUED scheduled payment per saved card, due an hour ago.
 */
async function seedScheduledPayments(url: string): Promise<number> {
  const { openDatabase } = await import('@/lib/db/open');
  const { paymentLinksResource } = await import('@/lib/core/payment-links/payment-links');
  const { payByCard } = await import('@/lib/core/payments/pay-by-card');
  const { queryRows } = await import('@/lib/db/query-rows');
  const database = await openDatabase({ url });
  try {
    const { db } = database;
    const organisation = 'org_bench_runner';
    const { user, actor } = await createBenchTenant(db, {
      organisation,
      name: 'Bench Runner Travel',
      email: 'runner@bench.travel-pay.test',
    });

    await db.execute(sql`
      insert into bookings (id, organisation_id, user_id, booking_reference, customer_name, email, currency, gross_amount, departure_date, created_at, updated_at)
      select gen_random_uuid(), ${organisation}::text, ${user.id}::uuid, 'RUN-' || n, 'Runner Customer ' || n, 'runner' || n || '@bench.travel-pay.test',
             'GBX', 500000, (date '2027-01-01' + (n % 365))::date, now(), now()
      from generate_series(1, ${RUNNER_PAYMENTS}::int) as n`);

    // The one real stored card: a booking's link paid with "save this card".
    const [first] = await queryRows<{ id: string }>(
      db,
      sql`select id from bookings where organisation_id = ${organisation} and booking_reference = 'RUN-1'`,
    );
    const link = await paymentLinksResource.create(
      db,
      actor,
      paymentLinksResource.createSchema.parse({
        organisation,
        booking_id: first!.id,
        customer_name: 'Runner Customer 1',
        email: 'runner1@bench.travel-pay.test',
        amount: 10_000,
        currency: 'GBX',
      }),
    );
    const outcome = await payByCard(db, {
      checkoutId: link.id,
      method: { ...APPROVED_VISA },
      storeCard: true,
      returnUrl: 'http://127.0.0.1/bench/return',
    });
    if (outcome.outcome !== 'paid') throw new Error(`storing the template card answered ${JSON.stringify(outcome)}`);
    const [template] = await queryRows<{ id: string; processor_token: string }>(
      db,
      sql`
      select id, processor_token from saved_cards where booking_id = ${first!.id}`,
    );
    if (!template) throw new Error('the template payment stored no card');

    await db.execute(sql`
      insert into saved_cards (id, organisation_id, booking_id, processor_token, cardholder_name, bin, card_brand, last_four,
                               expiry_month, expiry_year, issuing_country, funding, card_class, created_at)
      select gen_random_uuid(), b.organisation_id, b.id, t.processor_token, t.cardholder_name, t.bin, t.card_brand, t.last_four,
             t.expiry_month, t.expiry_year, t.issuing_country, t.funding, t.card_class, now()
      from bookings b cross join saved_cards t
      where t.id = ${template.id}::uuid and b.organisation_id = ${organisation} and b.id <> t.booking_id`);
    // Amounts vary (1 000 … 13 948 GBX) so that the sums prove something; due times spread over the last hour.
    await db.execute(sql`
      insert into scheduled_payments (id, organisation_id, booking_id, saved_card_id, user_id, amount, currency, status,
                                      authorisation_only, attempts, execute_after, created_at, updated_at)
      select gen_random_uuid(), c.organisation_id, c.booking_id, c.id, ${user.id}::uuid,
             1000 + (substr(b.booking_reference, 5)::int % 997) * 13, 'GBX', 'QUEUED', false, 0,
             now() - interval '1 hour' + make_interval(secs => substr(b.booking_reference, 5)::int * 0.3), now(), now()
      from saved_cards c join bookings b on b.id = c.booking_id
      where c.organisation_id = ${organisation}`);
    await db.execute(sql`analyze`);
    const [count] = await queryRows<{ n: number | string; tokens: number | string }>(
      db,
      sql`
      select (select count(*) from scheduled_payments where status = 'QUEUED' and execute_after <= now()) as n,
             (select count(distinct processor_token) from saved_cards) as tokens`,
    );
    if (Number(count?.n) !== RUNNER_PAYMENTS || Number(count?.tokens) !== 1)
      throw new Error(`seeding made ${JSON.stringify(count)} due scheduled payments / tokens`);
    return Number(count!.n);
  } finally {
    await database.close();
  }
}

export type Worker = {
  index: number;
  pid: number;
  logFile: string;
  exitCode: () => string | null;
  stop: () => Promise<void>;
};

/** One `scripts/worker.ts` process in a group of its own, logging to a file; stop() sends SIGTERM (it ends after its current pass). */
export function spawnWorker(
  url: string,
  dir: string,
  index: number,
  processorEnv: Record<string, string> = {},
): Worker {
  const logFile = path.join(dir, `worker-${index}.log`);
  const log = fs.openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MODE: 'sandbox',
    DATABASE_URL: url,
    DATA_DIR: dir,
    RUNNER_INTERVAL_MS: String(RUNNER_INTERVAL_MS),
    NODE_ENV: 'production',
    RUNNER_CHARGE_CONCURRENCY: String(RUNNER_CHARGE_CONCURRENCY),
  };
  for (const name of Object.keys(env))
    if (name.startsWith('ADYEN_') || name === 'TEST_DATABASE_URL' || name === 'BENCH_DATABASE_URL') delete env[name];
  Object.assign(env, processorEnv);
  // `node --import tsx` (as run.ts re-runs itself) rather than `npx tsx`: no npm launcher competing for the 2 CPUs.
  // BENCH_WORKER_PROFILE=<dir>: each worker writes a CPU profile there when it stops (where a charge's time goes).
  const profile = process.env.BENCH_WORKER_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_WORKER_PROFILE]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', WORKER_SCRIPT], {
    detached: true,
    stdio: ['ignore', log, log],
    env,
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (!pid) throw new Error(`could not spawn ${WORKER_SCRIPT}`);
  trackServerGroup(pid);
  let exitCode: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = String(code ?? signal);
      resolve();
    });
  });
  return {
    index,
    pid,
    logFile,
    exitCode: () => exitCode,
    stop: async () => {
      if (exitCode === null) {
        killGroup(pid, 'SIGTERM');
        const timedOut = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
        if (timedOut) killGroup(pid, 'SIGKILL');
        await Promise.race([exited, sleep(2000)]);
      }
      untrackServerGroup(pid);
    },
  };
}

/** Payments completed and passes, per pid, from the workers' "runner passes" log lines. */
function passesByPid(logFile: string): Record<string, { completed: number; passes: number; wakeups: number }> {
  const byPid: Record<string, { completed: number; passes: number; wakeups: number }> = {};
  let text = '';
  try {
    text = fs.readFileSync(logFile, 'utf8');
  } catch {
    return byPid;
  }
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      // scripts/worker.ts logs one line per wake-up: the passes it made and their summed figures.
      const entry = JSON.parse(line) as {
        message?: string;
        pid?: number;
        passes?: number;
        scheduled?: { completed?: number; failed?: number };
      };
      if (entry.message !== 'runner passes' || entry.pid === undefined) continue;
      const figures = (byPid[String(entry.pid)] ??= { completed: 0, passes: 0, wakeups: 0 });
      const completed = entry.scheduled?.completed ?? 0;
      figures.completed += completed;
      if (completed + (entry.scheduled?.failed ?? 0) > 0) {
        figures.passes += entry.passes ?? 1;
        figures.wakeups += 1;
      }
    } catch {
      // Not a pass line.
    }
  }
  return byPid;
}

/**
 * `simulator`: the Adyen simulator's record of stored-card charges (runner-adyen.ts), which then stands in
 * for the sandbox ledger ("ledger_*" below): loaded into a temporary table, the same query proves the same things.
 */
async function proveNoDoubleCharges(
  client: Client,
  expected: number,
  group: boolean,
  simulator: ReturnType<typeof simulatorCharges> | null,
): Promise<DoubleChargeProof> {
  let charges = `select idempotency_key, amount, (outcome::jsonb -> 'result' ->> 'status') = 'authorised' as authorised from sandbox_processor_operations where kind = 'charge_stored'`;
  if (simulator) {
    await client.query(
      'create temporary table simulator_charges (idempotency_key text, amount bigint, authorised boolean)',
    );
    for (let start = 0; start < simulator.length; start += 5000) {
      const part = simulator.slice(start, start + 5000);
      await client.query(
        'insert into simulator_charges select * from unnest($1::text[], $2::bigint[], $3::boolean[])',
        [part.map((c) => c.idempotency_key), part.map((c) => c.amount), part.map((c) => c.authorised)],
      );
    }
    charges = 'select * from simulator_charges';
  }
  const { rows } = await client.query<Record<string, string | null>>(`
    with scheduled as (select * from scheduled_payments),
         tx as (select * from transactions where idempotency_key like 'scheduled:%'),
         charges as (${charges})
    select
      (select count(*) from scheduled) as scheduled_payments,
      (select count(*) from scheduled where status = 'COMPLETE') as scheduled_complete,
      (select count(*) from scheduled where status = 'FAILED') as scheduled_failed,
      (select count(*) from scheduled where status in ('QUEUED', 'IN_PROGRESS')) as scheduled_left,
      (select coalesce(max(attempts), 0) from scheduled) as scheduled_max_attempts,
      (select count(distinct transaction_id) from scheduled where status = 'COMPLETE') as scheduled_distinct_transactions,
      (select coalesce(sum(amount), 0) from scheduled) as scheduled_amount_sum,
      (select count(*) from tx) as transactions_scheduled,
      (select count(distinct idempotency_key) from tx) as transactions_scheduled_distinct_keys,
      (select count(*) from tx where status = 'COMPLETE') as transactions_scheduled_complete,
      (select coalesce(sum(amount), 0) from tx where status = 'COMPLETE') as transactions_scheduled_amount_sum,
      (select count(*) from scheduled s join tx t on t.id = s.transaction_id and t.idempotency_key = 'scheduled:' || s.id::text
        where s.status = 'COMPLETE') as scheduled_matched_to_transaction,
      (select count(*) from charges) as ledger_charge_stored,
      (select count(distinct idempotency_key) from charges) as ledger_charge_stored_distinct_keys,
      (select count(*) from (select idempotency_key from charges group by idempotency_key having count(*) > 1) twice) as ledger_keys_charged_more_than_once,
      (select count(*) from charges where authorised) as ledger_charge_stored_authorised,
      (select coalesce(sum(amount), 0) from charges where authorised) as ledger_charged_amount_sum,
      (select count(*) from charges c join tx t on c.idempotency_key = t.id::text) as ledger_matched_to_transaction,
      (select count(*) from scheduled s join tx t on t.id = s.transaction_id and t.payment_link_id = s.payment_link_id
        where s.status = 'COMPLETE') as scheduled_paying_their_link,
      (select count(*) from (select payment_link_id from transactions where payment_link_id is not null and status in ('PAYMENTINPROGRESS', 'PENDING', 'COMPLETE')
        group by payment_link_id having count(*) > 1) twice) as links_paid_more_than_once`);
  const row = rows[0] ?? {};
  const n = (key: keyof DoubleChargeProof) => Number(row[key] ?? 0);
  const proof = Object.fromEntries(Object.keys(row).map((key) => [key, n(key as keyof DoubleChargeProof)])) as Omit<
    DoubleChargeProof,
    'ok'
  > as DoubleChargeProof;
  const counts: (keyof DoubleChargeProof)[] = [
    'scheduled_payments',
    'scheduled_complete',
    'scheduled_distinct_transactions',
    'transactions_scheduled',
    'transactions_scheduled_distinct_keys',
    'transactions_scheduled_complete',
    'scheduled_matched_to_transaction',
    'ledger_charge_stored',
    'ledger_charge_stored_distinct_keys',
    'ledger_charge_stored_authorised',
    'ledger_matched_to_transaction',
  ];
  proof.ok =
    counts.every((key) => proof[key] === expected) &&
    proof.scheduled_failed === 0 &&
    proof.scheduled_left === 0 &&
    proof.scheduled_max_attempts === 1 &&
    proof.ledger_keys_charged_more_than_once === 0 &&
    proof.scheduled_amount_sum === proof.transactions_scheduled_amount_sum &&
    proof.scheduled_amount_sum === proof.ledger_charged_amount_sum &&
    proof.links_paid_more_than_once === 0 &&
    proof.scheduled_paying_their_link === (group ? expected : 0);
  return proof;
}
