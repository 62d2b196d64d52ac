import { sql } from 'drizzle-orm';
import type { DatabaseTarget } from '@/lib/db/open';

export const SMALL_ORG = 'org_bench_small';
export const LARGE_ORG = 'org_bench_large';
export const SMALL_BOOKINGS = 1_000;
export const LARGE_BOOKINGS = 100_000;

export type KeyPair = { public_key: string; private_key: string };
export type SeedResult = {
  keys: { small: KeyPair; large: KeyPair };
  bookings: Record<string, number>;
  seconds: number;
};

/**
 * Seeds a fresh database in this process, before any server opens it: two
 * organisations, one user with every role in both, a key per organisation, and
 * the bookings (one insert … select generate_series per organisation). Closes the
 * database at the end: only one process may open a PGlite folder.
 */
export async function seedDatabase(target: DatabaseTarget): Promise<SeedResult> {
  const started = Date.now();
  // Imported here so that lib/db/open resolves its migrations folder from the repository root (run.ts chdirs there first).
  const { openDatabase } = await import('@/lib/db/open');
  const { createOrganisation, createUser } = await import('@/lib/core/organisations/provision');
  const { insertApiKey } = await import('@/lib/core/api-keys/api-keys');
  const { roles } = await import('@/lib/core/enums');
  const { queryRows } = await import('@/lib/db/query-rows');

  const database = await openDatabase(target);
  try {
    const { db } = database;
    await createOrganisation(db, { id: SMALL_ORG, name: 'Bench Small Travel', country: 'GB' });
    await createOrganisation(db, { id: LARGE_ORG, name: 'Bench Large Travel', country: 'GB' });
    const user = await createUser(db, {
      email: 'bench@bench.travel-pay.test',
      name: 'Bench User',
      roles,
      organisationIds: [SMALL_ORG, LARGE_ORG],
    });
    const small = await insertApiKey(db, { userId: user.id, organisationId: SMALL_ORG, name: 'Bench small', roles });
    const large = await insertApiKey(db, { userId: user.id, organisationId: LARGE_ORG, name: 'Bench large', roles });

    for (const [organisationId, count] of [
      [SMALL_ORG, SMALL_BOOKINGS],
      [LARGE_ORG, LARGE_BOOKINGS],
    ] as const) {
      // created_at: one booking every 5 minutes, the newest 5 minutes ago; departures spread over a year.
      await db.execute(sql`
        insert into bookings (id, organisation_id, user_id, booking_reference, customer_name, email, currency,
                              gross_amount, departure_date, created_at, updated_at)
        select gen_random_uuid(), ${organisationId}::text, ${user.id}::uuid, 'BENCH-' || n, 'Bench Customer ' || n,
               'customer' || n || '@bench.travel-pay.test', 'GBX', 10000 + (n % 5000) * 100,
               (date '2026-01-01' + (n % 365))::date,
               now() - make_interval(mins => 5 * (${count}::int - n + 1)),
               now() - make_interval(mins => 5 * (${count}::int - n + 1))
        from generate_series(1, ${count}::int) as n`);
    }
    // VACUUM too: it fills the visibility map, without which a count cannot be an index-only scan. PostgreSQL's
    // autovacuum does the same soon after a bulk insert; PGlite has no autovacuum (docs/api-conventions.md#lists).
    await db.execute(sql`vacuum analyze`);

    const counts = await queryRows<{ organisation_id: string; n: number | string }>(
      db,
      sql`
      select organisation_id, count(*) as n from bookings group by organisation_id`,
    );
    const bookings = Object.fromEntries(counts.map((row) => [row.organisation_id, Number(row.n)]));
    if (bookings[SMALL_ORG] !== SMALL_BOOKINGS || bookings[LARGE_ORG] !== LARGE_BOOKINGS) {
      throw new Error(`seeding made ${JSON.stringify(bookings)} bookings`);
    }
    return {
      keys: {
        small: { public_key: small.public_key, private_key: small.private_key },
        large: { public_key: large.public_key, private_key: large.private_key },
      },
      bookings,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}

/** After the load: how many bookings the create scenario left (references start with the given prefix). */
export async function countBookings(target: DatabaseTarget, referencePrefix: string): Promise<number> {
  const { openDatabase } = await import('@/lib/db/open');
  const { queryRows } = await import('@/lib/db/query-rows');
  const database = await openDatabase(target);
  try {
    const [row] = await queryRows<{ n: number | string }>(
      database.db,
      sql`
      select count(*) as n from bookings where booking_reference like ${referencePrefix + '%'} and deleted_at is null`,
    );
    return Number(row?.n ?? 0);
  } finally {
    await database.close();
  }
}
