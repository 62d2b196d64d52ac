/**
 * Every statement the back office's bookings list and booking page run, EXPLAIN ANALYZEd at 1 000 and 100 000
 * bookings on a seeded PGlite (the dashboard-pages bench's seed), with each read's in-process p50 (issue 18's
 * benchmark, item 4 of the work: why is the list slower at 100k?). Run: npx tsx scripts/bench/explain-dashboard.ts
 * (about two minutes: the seed). The statements are captured as drizzle sends them (the PGlite client's `query`),
 * so they are exactly the page's, parameters included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedDashboardPages } from './dashboard-pages';
import { LARGE_ORG, SMALL_ORG, seedDatabase } from './seed-bookings';

const repoRoot = path.resolve(__dirname, '..', '..');
process.chdir(repoRoot);

type Client = { query: (text: string, params?: unknown[], options?: unknown) => Promise<{ rows: unknown[] }> };

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-explain-dashboard-'));
  try {
    await seedDatabase({ dataDir });
    const seed = await seedDashboardPages({ dataDir });
    const { openDatabase } = await import('@/lib/db/open');
    const { loadStaffActor } = await import('@/lib/core/staff/load-staff-actor');
    const { listBookings } = await import('@/lib/core/bookings/list-bookings');
    const { listBookingsSchema } = await import('@/lib/core/bookings/schemas');
    const { getBookingDetail } = await import('@/lib/core/bookings/booking-detail/booking-detail');
    const { queryRows } = await import('@/lib/db/query-rows');
    const database = await openDatabase({ dataDir });
    const { db } = database;
    const client = (db as unknown as { $client: Client }).$client;
    const original = client.query.bind(client);
    let captured: { text: string; params: unknown[] }[] | null = null;
    client.query = (text, params, options) => {
      captured?.push({ text, params: params ?? [] });
      return original(text, params, options);
    };
    const capture = async (run: () => Promise<unknown>) => {
      captured = [];
      await run();
      const out = captured;
      captured = null;
      return out;
    };
    const p50 = async (run: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 21; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[10]!.toFixed(1);
    };
    for (const [label, organisation, busy] of [
      ['1k', SMALL_ORG, seed.small.busy],
      ['100k', LARGE_ORG, seed.large.busy],
    ] as const) {
      const [session] = await queryRows<{ id: string }>(
        db,
        sql`select id from staff_sessions where organisation_id = ${organisation} limit 1`,
      );
      const staff = (await loadStaffActor(db, session!.id))!;
      const input = listBookingsSchema.parse({ organisation, skip: 0, take: 25 });
      const parts = {
        session: () => loadStaffActor(db, session!.id),
        list: () => listBookings(db, staff, input),
        detail: () => getBookingDetail(db, staff, busy),
      };
      for (const [part, run] of Object.entries(parts)) {
        const statements = await capture(run);
        console.log(`\n=== ${label} ${part}: ${statements.length} statement(s), in-process p50 ${await p50(run)} ms`);
        for (const { text, params } of statements) {
          const plan = (await original(`explain (analyze, buffers) ${text}`, params)).rows as Record<string, string>[];
          const lines = plan.map((row) => Object.values(row)[0] ?? '');
          console.log(`--- ${text.slice(0, 160).replace(/\s+/g, ' ')}…`);
          console.log(lines.filter((line) => !/^\s+Buffers|^Planning:|^\s+Output/.test(line)).join('\n'));
        }
      }
    }
    await database.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
