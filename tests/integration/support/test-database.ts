import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { closeDatabase, setDatabase } from '@/lib/db/client';
import { openDatabase, type Database } from '@/lib/db/open';
import { createPostgresDatabase } from './postgres-database';

/**
 * Gives the test file a database of its own: in-memory PGlite, or (TEST_DB=postgres)
 * a fresh database on the TEST_DATABASE_URL server, dropped afterwards. Both start
 * from the schema migrated once per run (support/database-templates.ts).
 */
export function withTestDatabase(): { current: () => Database; url: () => string | undefined } {
  let database: Database | undefined;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (process.env.TEST_DB === 'postgres') {
      const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, inject('postgresTemplate'));
      database = await openDatabase({ url });
      databaseUrl = url;
      dropDatabase = drop;
    } else {
      database = await openFreshPglite();
    }
    setDatabase(database);
  });
  afterAll(async () => {
    await closeDatabase();
    await dropDatabase?.();
  });
  // url: the PostgreSQL database's own URL (undefined on PGlite), for a child process to open it.
  return { current: () => database!, url: () => databaseUrl };
}

/** An in-memory PGlite of its own, started from the run's migrated dump. */
export async function openFreshPglite(): Promise<Database> {
  return openDatabase({ memory: true, from: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
}
