/**
 * How the bookings list counts (meta.count) at 100 000 bookings: EXPLAIN
 * ANALYZE of the count the list runs, on PGlite and on PostgreSQL, right after
 * the seed (visibility map empty), after VACUUM, and with the keyword and
 * departure-date filters. Run: bash scripts/with-postgres.sh npx tsx scripts/bench/explain-count.ts
 * (PGlite alone without TEST_DATABASE_URL). The SQL is the one drizzle writes
 * for lib/core/bookings/list-bookings.ts when it counts rows: filtered lists do;
 * the unfiltered list reads booking_counts instead, because the first plan below
 * still costs work in proportion to the bookings (docs/api-conventions.md#lists).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseTarget } from '@/lib/db/open';
import { createBenchDatabase } from './postgres';
import { LARGE_ORG, seedDatabase } from './seed-bookings';

const repoRoot = path.resolve(__dirname, '..', '..');
process.chdir(repoRoot);

const counts: [string, SQL][] = [
  [
    'organisation only',
    sql`select count(*) from bookings where (organisation_id in (${LARGE_ORG}) and deleted_at is null)`,
  ],
  [
    'keyword "customer 4242"',
    sql`select count(*) from bookings where (organisation_id in (${LARGE_ORG}) and deleted_at is null
    and (customer_name ilike '%customer 4242%' or booking_reference ilike '%customer 4242%' or email ilike '%customer 4242%'))`,
  ],
  [
    'departure in one month',
    sql`select count(*) from bookings where (organisation_id in (${LARGE_ORG}) and deleted_at is null
    and departure_date >= '2026-03-01' and departure_date <= '2026-03-31')`,
  ],
];

async function explainAll(name: string, target: DatabaseTarget) {
  await seedDatabase(target);
  const { openDatabase } = await import('@/lib/db/open');
  const { queryRows } = await import('@/lib/db/query-rows');
  const { db, close } = await openDatabase(target);
  try {
    const explain = async (label: string, query: SQL) => {
      // Twice: the first run warms the cache; the second is the one shown.
      await queryRows(db, sql`explain (analyze, buffers) ${query}`);
      const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${query}`);
      console.log(`\n--- ${name}: ${label}\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
    };
    await explain('organisation only, before VACUUM', counts[0]![1]);
    await db.execute(sql`vacuum analyze bookings`);
    for (const [label, query] of counts) await explain(`${label}, after VACUUM`, query);
  } finally {
    await close();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-explain-'));
  try {
    await explainAll('PGlite', { dataDir: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return console.log('\n(no TEST_DATABASE_URL: PostgreSQL skipped)');
  const created = await createBenchDatabase(url);
  try {
    await explainAll('PostgreSQL', { url: created.url });
  } finally {
    await created.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
