import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { onInterrupt, removeTempDir, trackTempDir } from './cleanup';
import { createBenchTenant } from './bench-tenant';
import { cpuMeter, round, type CpuUsage } from './measure';
import { benchPayments, type PaymentsResult } from './payments';
import { createBenchDatabase } from './postgres';
import { spawnWorker, RUNNER_INTERVAL_MS } from './runner';
import { sleep } from './server';

/*
 * `npm run bench -- --webhooks` (PostgreSQL): WEBHOOK_DELIVERIES queued
 * deliveries (seeded in SQL, one endpoint) to a receiver in this process
 * (node:http on a loopback port) that verifies every X-Signature as Felloh's
 * SDK does, delivered by 2 `scripts/worker.ts` processes (unchanged: runOnce
 * passes). Afterwards the receiver's counts and the database prove each
 * delivery arrived exactly once, signed. Then the service-layer payment
 * scenario (payments.ts) twice side by side, on an organisation without
 * webhooks and on one with an endpoint subscribed to every event, with one
 * worker rendering and delivering meanwhile: what webhooks add to a payment
 * (the event stubs written in its transaction, and the worker's load).
 */
export const WEBHOOK_DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 10_000);
const WEBHOOK_WORKERS = 2;
const TIMEOUT_MS = 240_000;
export const TARGET_PER_SECOND = 500;
export const TARGET_PAYMENT_OVERHEAD = 0.05;

export type WebhooksBench = {
  deliveries: number;
  workers: number;
  seed_seconds: number;
  /** From the first attempt to the last delivery, as the database recorded them (no worker start-up). */
  clearing_seconds: number;
  deliveries_per_second: number;
  wall_seconds: number;
  per_worker_delivered: Record<string, number>;
  proof: {
    received: number;
    distinct_received: number;
    duplicates: number;
    bad_signatures: number;
    delivered_in_database: number;
    not_delivered: number;
    max_attempts: number;
    attempt_rows: number;
    ok: boolean;
  };
  cpu: CpuUsage;
  payments: {
    without: PaymentsResult | null;
    with: PaymentsResult | null;
    events_written: number;
    p50_overhead: number | null;
    mean_overhead: number | null;
    /** What the one worker running during both runs did: events rendered, deliveries delivered (during the runs, and after them once drained), receiver's verified count. */
    worker: {
      rendered: number;
      delivered_during_runs: number;
      delivered: number;
      received: number;
      bad_signatures: number;
      stubs_left: number;
    } | null;
  };
  failed: boolean;
  problems: string[];
};

/** The receiver verifies with the secret `secretOf` answers when a request arrives (the endpoint's, known once it is created). */
function startReceiver(secretOf: () => string) {
  const received = new Map<string, number>();
  const counts = { total: 0, badSignatures: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      // Felloh SDK verifyWebhookSignature: hex HMAC-SHA256 of the raw body, timing-safe.
      const expected = createHmac('sha256', secretOf()).update(raw).digest('hex');
      const signature = String(request.headers['x-signature'] ?? '');
      counts.total += 1;
      if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
        counts.badSignatures += 1;
        response.writeHead(401).end();
        return;
      }
      const id = String(request.headers['x-delivery-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
      response.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  return new Promise<{ url: string; received: Map<string, number>; counts: typeof counts; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
          received,
          counts,
          close: () =>
            new Promise((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        }),
      );
    },
  );
}

export async function benchWebhooks(serverUrl: string): Promise<WebhooksBench> {
  const result: WebhooksBench = {
    deliveries: WEBHOOK_DELIVERIES,
    workers: WEBHOOK_WORKERS,
    seed_seconds: 0,
    clearing_seconds: 0,
    deliveries_per_second: 0,
    wall_seconds: 0,
    per_worker_delivered: {},
    proof: {
      received: 0,
      distinct_received: 0,
      duplicates: 0,
      bad_signatures: 0,
      delivered_in_database: 0,
      not_delivered: 0,
      max_attempts: 0,
      attempt_rows: 0,
      ok: false,
    },
    cpu: { busy_percent: null, load_average_end: [] },
    payments: { without: null, with: null, events_written: 0, p50_overhead: null, mean_overhead: null, worker: null },
    failed: false,
    problems: [],
  };
  try {
    await deliveryRun(serverUrl, result);
  } catch (error) {
    result.problems.push(`delivery: ${(error as Error).message}`);
  }
  try {
    await paymentsRuns(serverUrl, result);
  } catch (error) {
    result.problems.push(`payments: ${(error as Error).message}`);
  }
  result.failed = result.problems.length > 0;
  return result;
}

async function deliveryRun(serverUrl: string, result: WebhooksBench): Promise<void> {
  const created = await createBenchDatabase(serverUrl);
  const forget = onInterrupt(created.drop);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-webhooks-'));
  trackTempDir(dir);
  const client = new Client({ connectionString: created.url });
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  try {
    const seedStarted = Date.now();
    await seed(created.url, (s) => startReceiver(() => s).then((r) => (receiver = r).url));
    result.seed_seconds = round((Date.now() - seedStarted) / 1000, 1);
    await client.connect();
    const meter = cpuMeter();
    const started = performance.now();
    const workers = Array.from({ length: WEBHOOK_WORKERS }, (_, i) => spawnWorker(created.url, dir, i + 1));
    try {
      const deadline = Date.now() + TIMEOUT_MS;
      for (let left = Infinity; left > 0;) {
        await sleep(100);
        left = Number(
          (await client.query(`select count(*) as n from webhook_deliveries where status = 'queued'`)).rows[0].n,
        );
        const dead = workers.filter((w) => w.exitCode() !== null);
        if (left > 0 && dead.length)
          throw new Error(`worker ${dead[0]!.pid} exited (${dead[0]!.exitCode()}) with ${left} deliveries left`);
        if (left > 0 && Date.now() > deadline)
          throw new Error(`${left} deliveries still queued after ${TIMEOUT_MS / 1000} s`);
      }
      result.wall_seconds = round((performance.now() - started) / 1000);
      result.cpu = meter.stop();
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      for (const worker of workers) result.per_worker_delivered[String(worker.pid)] = deliveredIn(worker.logFile);
    }
    const [row] = (
      await client.query(`
      select (select count(*) from webhook_deliveries where status = 'delivered') as delivered,
             (select count(*) from webhook_deliveries where status <> 'delivered') as not_delivered,
             (select coalesce(max(attempts), 0) from webhook_deliveries) as max_attempts,
             (select count(*) from webhook_delivery_attempts) as attempt_rows,
             (select extract(epoch from (select max(delivered_at) from webhook_deliveries) - (select min(created_at) from webhook_delivery_attempts))) as seconds`)
    ).rows;
    const ids = new Set(
      (await client.query<{ id: string }>('select id from webhook_deliveries')).rows.map((r) => r.id),
    );
    const r = receiver!;
    const p = result.proof;
    p.received = r.counts.total;
    p.distinct_received = r.received.size;
    p.duplicates = [...r.received.values()].reduce((sum, n) => sum + n - 1, 0);
    p.bad_signatures = r.counts.badSignatures;
    p.delivered_in_database = Number(row.delivered);
    p.not_delivered = Number(row.not_delivered);
    p.max_attempts = Number(row.max_attempts);
    p.attempt_rows = Number(row.attempt_rows);
    const allKnown = [...r.received.keys()].every((id) => ids.has(id));
    p.ok =
      allKnown &&
      p.received === WEBHOOK_DELIVERIES &&
      p.distinct_received === WEBHOOK_DELIVERIES &&
      p.duplicates === 0 &&
      p.bad_signatures === 0 &&
      p.delivered_in_database === WEBHOOK_DELIVERIES &&
      p.not_delivered === 0 &&
      p.max_attempts === 1 &&
      p.attempt_rows === WEBHOOK_DELIVERIES;
    result.clearing_seconds = round(Number(row.seconds ?? 0));
    result.deliveries_per_second =
      result.clearing_seconds > 0 ? round(p.delivered_in_database / result.clearing_seconds) : 0;
    if (!p.ok) result.problems.push(`exactly-once proof failed: ${JSON.stringify(p)}`);
    if (result.deliveries_per_second < TARGET_PER_SECOND)
      result.problems.push(
        `${result.deliveries_per_second} deliveries/s is under the target of ${TARGET_PER_SECOND}/s`,
      );
    const busy = Object.values(result.per_worker_delivered).filter((n) => n > 0).length;
    if (busy < WEBHOOK_WORKERS)
      result.problems.push(
        `only ${busy} of ${WEBHOOK_WORKERS} workers delivered (${JSON.stringify(result.per_worker_delivered)})`,
      );
  } finally {
    await client.end().catch(() => undefined);
    await receiver?.close();
    removeTempDir(dir);
    await created.drop().catch(() => undefined);
    forget();
  }
}

/** Organisation, endpoint (on the receiver) and WEBHOOK_DELIVERIES events with one queued delivery each; answers the secret. */
async function seed(url: string, receiverFor: (secret: string) => Promise<string>): Promise<string> {
  const { openDatabase } = await import('@/lib/db/open');
  const { webhookEndpoints } = await import('@/lib/db/schema');
  const { newWebhookSecret } = await import('@/lib/events/sign-webhook');
  const database = await openDatabase({ url });
  try {
    const { db } = database;
    const organisation = 'org_bench_webhooks';
    await createBenchTenant(db, {
      organisation,
      name: 'Bench Webhooks Travel',
      email: 'webhooks@bench.travel-pay.test',
    });
    const secret = newWebhookSecret();
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        organisationId: organisation,
        url: await receiverFor(secret),
        eventTypes: ['transaction.completed'],
        secret,
      })
      .returning();
    // A transaction-sized body (~600 bytes), as the GET of a transaction answers it.
    await db.execute(sql`
      insert into webhook_events (id, organisation_id, type, resource_id, data, created_at)
      select gen_random_uuid(), ${organisation}::text, 'transaction.completed', 'tx-' || n, jsonb_build_object(
        'id', gen_random_uuid(), 'amount', 1000 + n, 'currency', 'GBX', 'status', 'COMPLETE', 'type', 'CARD', 'organisation', ${organisation}::text,
        'created_at', now(), 'completed_at', now(), 'provider_reference', md5(n::text), 'customer', jsonb_build_object('name', 'Customer ' || n, 'email', 'c' || n || '@bench.travel-pay.test'),
        'booking', jsonb_build_object('id', gen_random_uuid(), 'booking_reference', 'BK-' || n), 'payment_link', jsonb_build_object('id', gen_random_uuid()),
        'card', jsonb_build_object('brand', 'VISA', 'last_four', '1111', 'bin', '411111', 'issuing_country', 'GB'), 'surcharge_amount', 0, 'description', 'Bench payment ' || n), now()
      from generate_series(1, ${WEBHOOK_DELIVERIES}::int) as n`);
    await db.execute(sql`
      insert into webhook_deliveries (id, organisation_id, event_id, endpoint_id, created_at)
      select gen_random_uuid(), organisation_id, id, ${endpoint!.id}::uuid, created_at from webhook_events`);
    await db.execute(sql`analyze`);
    return secret;
  } finally {
    await database.close();
  }
}

/** Deliveries each worker reported, from its "runner passes" log lines. */
function deliveredIn(logFile: string): number {
  let total = 0;
  for (const line of (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { message?: string; webhooks?: number };
      if (entry.message === 'runner passes') total += entry.webhooks ?? 0;
    } catch {
      // Not a pass line.
    }
  }
  return total;
}

/**
 * The payment scenario twice AT THE SAME TIME on one fresh database: one
 * organisation without webhooks, one with an endpoint listening to every event.
 * Side by side, both see the same machine load (this machine is shared and
 * busy), so the difference is what the webhooks add, not what the neighbours did.
 * A payment writes only event stubs; their data is rendered and delivered by
 * the worker (docs/webhooks.md "Outbox"), so ONE worker process
 * (scripts/worker.ts, as in the delivery scenario) runs during both runs,
 * delivering to a receiver in this process that verifies and answers 200: the
 * rendering and delivery CPU is on the machine while latency is measured.
 */
async function paymentsRuns(serverUrl: string, result: WebhooksBench): Promise<void> {
  const { subscribableEventTypes } = await import('@/lib/core/webhooks/schemas');
  const { createWebhook } = await import('@/lib/core/webhooks/endpoints');
  const created = await createBenchDatabase(serverUrl);
  const forget = onInterrupt(created.drop);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-bench-webhook-payments-'));
  trackTempDir(dir);
  let secret = '';
  const receiver = await startReceiver(() => secret);
  const client = new Client({ connectionString: created.url });
  let worker: ReturnType<typeof spawnWorker> | undefined;
  try {
    // Migrated once here, so that the two runs and the worker do not all migrate the new database.
    const { openDatabase } = await import('@/lib/db/open');
    await (await openDatabase({ url: created.url })).close();
    await client.connect();
    worker = spawnWorker(created.url, dir, 1);
    process.stdout.write(
      'bench: PostgreSQL: link + card payments without and with a webhook endpoint, side by side, one delivery worker running… ',
    );
    const [without, withHooks] = await Promise.all([
      benchPayments({ url: created.url }, 'postgres'),
      benchPayments({ url: created.url }, 'postgres', {
        label: 'an endpoint on every event, delivered by a worker meanwhile',
        prepare: async (db, actor, organisation) => {
          const endpoint = await createWebhook(db, actor, {
            organisation,
            url: receiver.url,
            event_types: [...subscribableEventTypes],
          });
          secret = endpoint.secret;
        },
      }),
    ]);
    const deliveredDuringRuns = Number(
      (await client.query(`select count(*) as n from webhook_deliveries where status = 'delivered'`)).rows[0].n,
    );
    result.payments.without = without;
    result.payments.with = withHooks;
    console.log(
      `without: p50 ${without.latency_p50_ms} ms, mean ${without.latency_mean_ms} ms; with: p50 ${withHooks.latency_p50_ms} ms, mean ${withHooks.latency_mean_ms} ms`,
    );
    // Then the worker clears what is left, so the run proves every event was rendered and delivered.
    const deadline = Date.now() + 60_000;
    while (
      Number((await client.query(`select count(*) as n from webhook_deliveries where status = 'queued'`)).rows[0].n) >
        0 &&
      Date.now() < deadline
    )
      await sleep(200);
    const [row] = (
      await client.query(`
      select (select count(*) from webhook_events) as events, (select count(*) from webhook_events where data is not null) as rendered,
             (select count(*) from webhook_events where data is null) as stubs, (select count(*) from webhook_deliveries where status = 'delivered') as delivered`)
    ).rows;
    result.payments.events_written = Number(row.events);
    result.payments.worker = {
      rendered: Number(row.rendered),
      delivered_during_runs: deliveredDuringRuns,
      delivered: Number(row.delivered),
      received: receiver.counts.total,
      bad_signatures: receiver.counts.badSignatures,
      stubs_left: Number(row.stubs),
    };
    for (const [label, run] of [
      ['without', without],
      ['with', withHooks],
    ] as const) {
      if (run.failed) result.problems.push(`payments ${label} webhooks: ${run.problems.join('; ')}`);
    }
    const w = result.payments.worker;
    if (w.stubs_left > 0 || w.delivered !== result.payments.events_written || w.bad_signatures > 0)
      result.problems.push(`payments: the worker left work undone: ${JSON.stringify(w)}`);
    result.payments.p50_overhead = round(withHooks.latency_p50_ms / without.latency_p50_ms - 1, 4);
    result.payments.mean_overhead = round(withHooks.latency_mean_ms / without.latency_mean_ms - 1, 4);
  } finally {
    await worker?.stop();
    await client.end().catch(() => undefined);
    await receiver.close();
    removeTempDir(dir);
    await created.drop().catch(() => undefined);
    forget();
  }
}

export function formatWebhooks(w: WebhooksBench): string[] {
  const p = w.proof;
  const pct = (n: number | null) => (n === null ? 'n/a' : `${(n * 100).toFixed(1)} %`);
  const lines = [
    `   webhooks: ${w.deliveries.toLocaleString('en-GB')} queued deliveries, ${w.workers} worker processes (node --import tsx scripts/worker.ts, RUNNER_INTERVAL_MS ${RUNNER_INTERVAL_MS}), receiver in the bench process verifying every signature:` +
      ` ${p.delivered_in_database} delivered in ${w.clearing_seconds} s from first attempt to last delivery = ${w.deliveries_per_second.toFixed(1)}/s (target ≥ ${TARGET_PER_SECOND}/s; ${w.wall_seconds} s from spawning the workers); per worker ${JSON.stringify(w.per_worker_delivered)}`,
    `     exactly once: ${p.ok ? 'PROVEN' : 'NOT PROVEN'}: received ${p.received}, distinct ${p.distinct_received}, duplicates ${p.duplicates}, bad signatures ${p.bad_signatures}; database delivered ${p.delivered_in_database}, not delivered ${p.not_delivered}, max attempts ${p.max_attempts}, attempt rows ${p.attempt_rows}`,
    `     machine: ${w.cpu.busy_percent ?? 'n/a'} % CPU busy, load average ${w.cpu.load_average_end.join(' ')}`,
  ];
  const { without, with: withHooks } = w.payments;
  if (without && withHooks) {
    lines.push(
      `   payment with webhooks configured (both runs side by side, ${without.concurrency} concurrent each): p50 ${without.latency_p50_ms} → ${withHooks.latency_p50_ms} ms (${pct(w.payments.p50_overhead)}), mean ${without.latency_mean_ms} → ${withHooks.latency_mean_ms} ms (${pct(w.payments.mean_overhead)}; target < ${TARGET_PAYMENT_OVERHEAD * 100} %);` +
        ` ${without.payments_per_second.toFixed(1)} → ${withHooks.payments_per_second.toFixed(1)} payments/s; ${w.payments.events_written} events written in the run with the endpoint`,
    );
    const k = w.payments.worker;
    if (k)
      lines.push(
        `     one worker process running during both: ${k.delivered_during_runs} delivered while the payments ran; after draining ${k.rendered} events rendered, ${k.delivered} delivered, ${k.received} received (${k.bad_signatures} bad signatures), ${k.stubs_left} stubs left`,
      );
  }
  for (const problem of w.problems) lines.push(`     - ${problem}`);
  return lines;
}
