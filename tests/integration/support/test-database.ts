import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { closeDatabase, setDatabase } from '@/lib/db/client';
import { openDatabase, type Database } from '@/lib/db/open';

/**
 * Gives the test file a database of its own: in-memory PGlite, or (TEST_DB=postgres)
 * a fresh database on the TEST_DATABASE_URL server, dropped afterwards.
 */
export function withTestDatabase(): { current: () => Database; url: () => string | undefined } {
  let database: Database | undefined;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (process.env.TEST_DB === 'postgres') {
      const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      database = await openDatabase({ url });
      databaseUrl = url;
      dropDatabase = drop;
    } else {
      database = await openDatabase({ memory: true });
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

/** A fresh database on the PostgreSQL server, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string) {
  const { Client } = await import('pg');
  const name = `tp_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // pool.end() resolves before its sockets have closed; a forced drop would then kill them noisily.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
