import { createHash } from 'node:crypto';
import { is, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { ensurePrepared, executeText, runPrepared, type PgliteClient } from './pglite-prepared';
import { queryRows } from './query-rows';
import type { Executor } from './types';

/*
 * queryRows for a statement whose text is the same on every call (only its parameters change) and whose planning
 * is a real share of its cost: a booking's lists in one statement (select-lists.ts) took PostgreSQL 20–29 ms to
 * plan on every call. The database keeps the plan instead, named after the SQL's hash:
 *   - node-postgres: a named statement, which each pooled connection parses and plans once;
 *   - PGlite (one session): PREPAREd once, then EXECUTEd by name with literal arguments (pglite-prepared.ts).
 * The rows come from the driver as they are, with none of drizzle's per-type decoding: callers select only JSON
 * (which both drivers parse) or text. Inside a transaction it is plain queryRows: nothing is prepared there.
 */

type PoolClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };

const dialect = new PgDialect();

const isPgliteClient = (client: object): client is PgliteClient => 'exec' in client && 'dumpDataDir' in client;

export async function keptRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const client = keptClient(db);
  if (!client) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await runKept<T>(client, keptName(text), text, params)) ?? queryRows<T>(db, query);
}

/** The name a statement's text is kept under. */
export const keptName = (text: string) => `kept_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;

/** The driver's client of `db` when it may keep statements; null inside a transaction, where nothing is prepared. */
export function keptClient(db: Executor): object | null {
  const client = (db as { $client?: object }).$client;
  return client && !is(db, PgTransaction) ? client : null;
}

/**
 * Runs the statement `text` kept as `name` with `params`; null when PGlite cannot run it kept (a parameter it does not
 * quote as a literal, or a session without standard quoting): the caller then runs it the ordinary way.
 */
export async function runKept<T>(client: object, name: string, text: string, params: unknown[]): Promise<T[] | null> {
  if (!isPgliteClient(client)) return (await (client as PoolClient).query({ name, text, values: params })).rows as T[];
  const statement = executeText(name, params);
  if (!statement || !(await ensurePrepared(client, name, text))) return null;
  return runPrepared(client, name, text, async () => (await client.query<T>(statement)).rows);
}
