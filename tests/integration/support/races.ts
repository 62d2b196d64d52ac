import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Actor } from '@/lib/auth/actor';
import { loadActor } from '@/lib/auth/actor';
import { closeDatabase, setDatabase } from '@/lib/db/client';
import { openDatabase, type Database } from '@/lib/db/open';
import { auditRecords, sandboxProcessorOperations } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import type { ApiResponse } from './api-client';
import { createPostgresDatabase } from './postgres-database';
import { openFreshPglite } from './test-database';

/**
 * Race tests need two things the plain harness does not give: a second,
 * independent connection pool on the same database (two "instances" of the
 * service), and a uniform view of who won a race whether the call went through
 * a route handler or straight to a service function.
 *
 * withRaceDatabases() is withTestDatabase() plus that second pool. On PGlite
 * (one in-memory database per process) the second handle is the first one:
 * PGlite serialises every query, so the races pass trivially there; on
 * PostgreSQL (TEST_DB=postgres) both pools are real, concurrent connections.
 */
export type RaceDatabases = { primary: () => Database; secondary: () => Database; kind: () => 'pglite' | 'postgres' };

export function withRaceDatabases(): RaceDatabases {
  let primary: Database | undefined;
  let secondary: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (process.env.TEST_DB === 'postgres') {
      const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, inject('postgresTemplate'));
      dropDatabase = drop;
      primary = await openDatabase({ url });
      secondary = await openDatabase({ url });
    } else {
      primary = await openFreshPglite();
      secondary = primary;
    }
    setDatabase(primary);
  });
  afterAll(async () => {
    if (secondary && secondary !== primary) await secondary.close();
    await closeDatabase();
    await dropDatabase?.();
  });
  return { primary: () => primary!, secondary: () => secondary!, kind: () => primary!.kind };
}

/** Who won: 200 and the data, or the HTTP status and error code of the refusal. */
export type Outcome = { status: number; code?: string; data?: any };

/** A route handler's answer, reduced to its outcome. */
export async function viaApi(call: Promise<ApiResponse>): Promise<Outcome> {
  const response = await call;
  if (response.status === 200) return { status: 200, data: response.body.data };
  return { status: response.status, code: response.body?.errors?.[0]?.code };
}

/**
 * A service function called on another pool, reduced to the outcome the route
 * wrapper would answer: an AppError is its status and code; anything else is a
 * 500 that fails the test loudly (with the error kept for the message).
 */
export async function viaService(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { status: 200, data: await call() };
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code };
    return { status: 500, code: `unexpected: ${String(error)}` };
  }
}

/** The Actor an API key acts as, loaded through the given pool (for service calls outside a route). */
export async function actorFor(db: Db, apiKeyId: string): Promise<Actor> {
  const actor = await loadActor(db, apiKeyId);
  if (!actor) throw new Error(`no actor for key ${apiKeyId}`);
  return actor;
}

/** Exactly one 200 among the outcomes; every other one a refusal with one of the allowed codes. */
export function expectOneWinner(outcomes: Outcome[], refusals: { status: number; codes: string[] }): Outcome {
  const winners = outcomes.filter((o) => o.status === 200);
  const losers = outcomes.filter((o) => o.status !== 200);
  expect(
    winners,
    `exactly one winner in ${JSON.stringify(outcomes.map(({ status, code }) => ({ status, code })))}`,
  ).toHaveLength(1);
  for (const loser of losers) {
    expect(loser.status, JSON.stringify(loser)).toBe(refusals.status);
    expect(refusals.codes, JSON.stringify(loser)).toContain(loser.code);
  }
  return winners[0]!;
}

/** The sandbox processor's ledger rows (one per operation performed) under these idempotency keys. */
export async function ledgerRows(db: Db, keys: string[], kind?: string) {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(sandboxProcessorOperations)
    .where(
      kind
        ? and(inArray(sandboxProcessorOperations.idempotencyKey, keys), eq(sandboxProcessorOperations.kind, kind))
        : inArray(sandboxProcessorOperations.idempotencyKey, keys),
    );
}

/** Every ledger row of one kind, whatever its key: the proof of how many times the processor acted. */
export async function ledgerRowsOfKind(db: Db, kind: string) {
  return db.select().from(sandboxProcessorOperations).where(eq(sandboxProcessorOperations.kind, kind));
}

/** The audit records of one type on one entity: every state change writes exactly one. */
export async function auditCount(db: Db, type: string, entityId: string): Promise<number> {
  const rows = await db
    .select({ id: auditRecords.id })
    .from(auditRecords)
    .where(and(eq(auditRecords.type, type), eq(auditRecords.entityId, entityId)));
  return rows.length;
}

/** A few milliseconds of jitter so the rounds try different interleavings of the same race. */
export const jitter = (round: number, slot: number) => sleep((round * 7 + slot * 3) % 4);

/** Waits `ms` milliseconds (0: the next turn of the event loop). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Counts outcomes by status and code, for the messages of failed expectations. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, code } of outcomes) {
    const key = code ? `${status} ${code}` : String(status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
