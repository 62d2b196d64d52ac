import { sql } from 'drizzle-orm';
import type { DatabaseTarget } from '@/lib/db/open';
import { busyBooking, seedDashboardMoney } from './dashboard-seed';
import { latencyFigures, round } from './measure';
import { LARGE_ORG, SMALL_ORG, seedDatabase } from './seed-bookings';

/*
 * `npm run bench -- --dashboard`: the dashboard's read models in this process (no HTTP). The dashboard's
 * pages do not exist yet (issue 18, next slice), and the booking-detail read model has no API route, so
 * instead of pages at 16 connections this measures the service functions a page will call, as a
 * micro-benchmark: for each organisation (1 000 and 100 000 bookings, with a payment per booking and
 * the "needs a person" rows of dashboard-seed.ts) N calls one at a time, then N calls 16 at a time,
 * p50/p99 of each; with `select 1` through the same pool as the floor of one round trip.
 * Scenarios: the bookings list as the dashboard opens it (the API's list, default filters: newest 25),
 * the overview, and the booking detail of a busy booking (everything attached) and of a plain one.
 */
export const DASHBOARD_CALLS = 200;
export const DASHBOARD_WARMUP_CALLS = 20;
export const DASHBOARD_CONCURRENCY = 16;

export type DashboardScenario = {
  scenario: string;
  organisation: string;
  sequential: { p50_ms: number; p99_ms: number; mean_ms: number };
  concurrent: { p50_ms: number; p99_ms: number; calls_per_second: number };
};
export type DashboardResult = {
  calls: number;
  concurrency: number;
  seed_seconds: number;
  scenarios: DashboardScenario[];
  /** EXPLAIN (ANALYZE) of the overview statement on the 100 000-booking organisation. */
  overview_plan: { execution_ms: number | null; seq_scans: string[]; plan: string[] };
  ratios: Record<string, number | null>;
};

type Call = () => Promise<unknown>;

async function measure(call: Call) {
  for (let i = 0; i < DASHBOARD_WARMUP_CALLS; i++) await call();
  const sequential: number[] = [];
  for (let i = 0; i < DASHBOARD_CALLS; i++) {
    const started = performance.now();
    await call();
    sequential.push(performance.now() - started);
  }
  const concurrent: number[] = [];
  let next = 0;
  const startedAll = performance.now();
  await Promise.all(
    Array.from({ length: DASHBOARD_CONCURRENCY }, async () => {
      while (next++ < DASHBOARD_CALLS) {
        const started = performance.now();
        await call();
        concurrent.push(performance.now() - started);
      }
    }),
  );
  const seconds = (performance.now() - startedAll) / 1000;
  const seq = latencyFigures(sequential);
  const con = latencyFigures(concurrent);
  return {
    sequential: { p50_ms: seq.p50_ms, p99_ms: seq.p99_ms, mean_ms: seq.mean_ms },
    concurrent: { p50_ms: con.p50_ms, p99_ms: con.p99_ms, calls_per_second: round(DASHBOARD_CALLS / seconds, 1) },
  };
}

export async function benchDashboard(target: DatabaseTarget): Promise<DashboardResult> {
  const started = Date.now();
  await seedDatabase(target);
  const { openDatabase } = await import('@/lib/db/open');
  const { loadActor } = await import('@/lib/auth/actor');
  const { queryRows } = await import('@/lib/db/query-rows');
  const { listBookings } = await import('@/lib/core/bookings/list-bookings');
  const { listBookingsSchema } = await import('@/lib/core/bookings/schemas');
  const { getOverview } = await import('@/lib/core/overview/get-overview');
  const { overviewSql } = await import('@/lib/core/overview/overview-query');
  const { getBookingDetail } = await import('@/lib/core/bookings/booking-detail/booking-detail');
  const database = await openDatabase(target);
  const { db } = database;
  try {
    await seedDashboardMoney(db);
    const orgs = [SMALL_ORG, LARGE_ORG] as const;
    const context = new Map<
      string,
      { actor: NonNullable<Awaited<ReturnType<typeof loadActor>>>; busy: string; plain: string }
    >();
    for (const organisation of orgs) {
      const [key] = await queryRows<{ id: string }>(
        db,
        sql`select id from api_keys where organisation_id = ${organisation}`,
      );
      const actor = (await loadActor(db, key!.id))!;
      // The newest booking is the busy one, a booking from the middle of the list the plain one.
      const [busy] = await queryRows<{ id: string }>(
        db,
        sql`select id from bookings where organisation_id = ${organisation} order by created_at desc limit 1`,
      );
      const [plain] = await queryRows<{ id: string }>(
        db,
        sql`select id from bookings where organisation_id = ${organisation} order by created_at desc offset 500 limit 1`,
      );
      await busyBooking(db, actor, organisation, busy!.id);
      context.set(organisation, { actor, busy: busy!.id, plain: plain!.id });
    }
    await db.execute(sql`vacuum analyze`);
    const seedSeconds = (Date.now() - started) / 1000;

    const scenarios: DashboardScenario[] = [];
    const run = async (scenario: string, organisation: string, call: Call) => {
      console.log(`bench: dashboard: ${scenario} (${organisation})…`);
      scenarios.push({ scenario, organisation, ...(await measure(call)) });
    };
    await run('select 1 (one round trip)', '-', () => db.execute(sql`select 1`));
    for (const organisation of orgs) {
      const { actor, busy, plain } = context.get(organisation)!;
      const listInput = listBookingsSchema.parse({ organisation });
      await run('bookings list (newest 25)', organisation, () => listBookings(db, actor, listInput));
      await run('overview', organisation, () => getOverview(db, actor, { organisation }));
      await run('booking detail (busy)', organisation, () => getBookingDetail(db, actor, busy));
      await run('booking detail (plain)', organisation, () => getBookingDetail(db, actor, plain));
    }

    const explain = await queryRows<{ 'QUERY PLAN': string }>(
      db,
      sql`explain (analyze, costs off) ${overviewSql({
        scope: [LARGE_ORG],
        at: new Date(),
        limit: 5,
        withChargebacks: true,
        approvalRequiredByDefault: true,
      })}`,
    );
    const plan = explain.map((row) => row['QUERY PLAN']);
    const execution = plan.find((line) => line.startsWith('Execution Time'));
    const p50 = (scenario: string, organisation: string) =>
      scenarios.find((s) => s.scenario === scenario && s.organisation === organisation)?.sequential.p50_ms ?? null;
    const ratio = (a: number | null, b: number | null) => (a && b ? round(a / b) : null);
    return {
      calls: DASHBOARD_CALLS,
      concurrency: DASHBOARD_CONCURRENCY,
      seed_seconds: round(seedSeconds, 1),
      scenarios,
      overview_plan: {
        execution_ms: execution ? Number(execution.replace(/[^0-9.]/g, '')) : null,
        seq_scans: plan.filter((line) => line.includes('Seq Scan')).map((line) => line.trim()),
        plan,
      },
      ratios: Object.fromEntries(
        ['bookings list (newest 25)', 'overview', 'booking detail (busy)', 'booking detail (plain)'].map((s) => [
          `${s}: 100k / 1k p50`,
          ratio(p50(s, LARGE_ORG), p50(s, SMALL_ORG)),
        ]),
      ),
    };
  } finally {
    await database.close();
  }
}

export function formatDashboard(result: DashboardResult): string[] {
  const lines = [
    `   dashboard read models, in process: ${result.calls} calls one at a time, then ${result.calls} at ${result.concurrency} at a time (seed ${result.seed_seconds} s)`,
    `   ${'scenario'.padEnd(30)} ${'organisation'.padEnd(18)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p50@16'.padStart(8)} ${'p99@16'.padStart(8)} ${'calls/s@16'.padStart(10)}`,
  ];
  for (const s of result.scenarios) {
    lines.push(
      `   ${s.scenario.padEnd(30)} ${s.organisation.padEnd(18)} ${s.sequential.p50_ms.toFixed(1).padStart(8)} ${s.sequential.p99_ms.toFixed(1).padStart(8)} ${s.concurrent.p50_ms.toFixed(1).padStart(8)} ${s.concurrent.p99_ms.toFixed(1).padStart(8)} ${s.concurrent.calls_per_second.toFixed(1).padStart(10)}`,
    );
  }
  for (const [name, value] of Object.entries(result.ratios)) lines.push(`   ${name}: ${value ?? 'n/a'}`);
  lines.push(
    `   overview statement at 100k (EXPLAIN ANALYZE): ${result.overview_plan.execution_ms ?? 'n/a'} ms; sequential scans: ${
      result.overview_plan.seq_scans.length ? result.overview_plan.seq_scans.join('; ') : 'none'
    }`,
  );
  return lines;
}
