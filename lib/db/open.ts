import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';
import type { Db } from './types';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

/**
 * `memory` with `from`: an in-memory PGlite started from a dump of a migrated one
 * (PGlite's dumpDataDir), which skips initdb and the migrations: the test suite
 * opens one per test file (tests/integration/support/database-templates.ts).
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; from?: Blob };

const migrationsFolder = path.join(process.cwd(), 'lib/db/migrations');

/**
 * Opens a database and brings its schema up to date. PGlite is embedded (a data
 * folder, or memory for tests); a URL means a PostgreSQL server through `pg`.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url);
  return 'dataDir' in target ? openPglite(target.dataDir) : openPglite(undefined, target.from);
}

async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // Before PGlite touches the folder: a second process must not even read it (data-dir-lock.ts).
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    const client = dataDir
      ? new PGlite(path.join(dataDir, 'pglite'))
      : new PGlite(from ? { loadDataDir: from } : undefined);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (error) =>
    console.error(
      JSON.stringify({ level: 'warn', message: 'idle PostgreSQL connection lost', error: describeErrorSafely(error) }),
    ),
  );
  const db = drizzle({ client: pool, schema });
  // Several instances may start at once: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(7243001)');
    await migrate(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(7243001)');
    lockClient.release();
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
