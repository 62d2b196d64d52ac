import { dataDir, databaseUrl } from '@/lib/config';
import { openDatabase, type Database, type DatabaseTarget } from './open';
import type { Db } from './types';

/*
 * One database per process. Next.js may load this module more than once (one copy
 * per server bundle), and PGlite must never open its folder twice, so the handle
 * lives on globalThis.
 */
const slot = globalThis as unknown as { __travelPayDb?: Promise<Database> };

export function configuredTarget(): DatabaseTarget {
  const url = databaseUrl();
  return url ? { url } : { dataDir: dataDir() };
}

export function getDatabase(): Promise<Database> {
  // A failed open (the data folder in use by another process, a server down) is not kept: the next call tries again.
  slot.__travelPayDb ??= openDatabase(configuredTarget()).catch((error: unknown) => {
    slot.__travelPayDb = undefined;
    throw error;
  });
  return slot.__travelPayDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Tests and scripts point the process at a database of their own. */
export function setDatabase(database: Database): void {
  slot.__travelPayDb = Promise.resolve(database);
}

export async function closeDatabase(): Promise<void> {
  const current = slot.__travelPayDb;
  slot.__travelPayDb = undefined;
  if (current) await (await current).close();
}
