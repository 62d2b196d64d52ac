import { asc, eq } from 'drizzle-orm';
import { sandboxProcessorOperations } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { ProcessorError } from '../port';

export type LedgerKind =
  | 'authorise'
  | 'finish_challenge'
  | 'charge_stored'
  | 'capture'
  | 'reverse'
  | 'refund'
  | 'open_banking'
  | 'bank_decision';
export type LedgerRow = typeof sandboxProcessorOperations.$inferSelect;
export type LedgerEntry = {
  kind: LedgerKind;
  providerReference: string;
  amount?: number | null;
  currency?: string | null;
  /** JSON: what is needed to answer a retry with the first answer. */
  outcome: string;
  cardProfile?: string | null;
};

/**
 * The sandbox processor's ledger. Every operation writes one row under its
 * idempotency key; a retry (or a racing twin) finds the row and is answered
 * from it, so nothing is ever charged twice. Keys the sandbox makes up itself
 * (challenge finish, bank decision) start with "sbx:".
 */
export async function findByKey(db: Db, idempotencyKey: string): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxProcessorOperations)
    .where(eq(sandboxProcessorOperations.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

export async function rowsForReference(db: Db, providerReference: string): Promise<LedgerRow[]> {
  return db
    .select()
    .from(sandboxProcessorOperations)
    .where(eq(sandboxProcessorOperations.providerReference, providerReference))
    .orderBy(asc(sandboxProcessorOperations.createdAt), asc(sandboxProcessorOperations.id));
}

/** Inserts unless the key is taken (the unique index settles races); answers the row that holds the key. */
export async function recordOnce(
  db: Db,
  idempotencyKey: string,
  entry: LedgerEntry,
): Promise<{ row: LedgerRow; created: boolean }> {
  const [inserted] = await db
    .insert(sandboxProcessorOperations)
    .values({ ...entry, idempotencyKey })
    .onConflictDoNothing({ target: sandboxProcessorOperations.idempotencyKey })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const winner = await findByKey(db, idempotencyKey);
  if (!winner) throw new ProcessorError(`sandbox ledger: key ${idempotencyKey} neither inserted nor found`);
  return { row: winner, created: false };
}

/**
 * Runs an operation once per idempotency key: a known key is answered from its
 * row without running `perform` again; a key reused for another kind of
 * operation (or another payment) is refused, as a real processor would.
 * `writeFirst` (for a `perform` that only computes its answer, reading and
 * changing nothing) skips the look-up: the insert's unique key finds a known
 * key, and the row that holds it answers, exactly as before.
 */
export async function once<T>(
  db: Db,
  idempotencyKey: string,
  expect: { kind: LedgerKind; providerReference?: string; writeFirst?: boolean },
  perform: () => Promise<LedgerEntry> | LedgerEntry,
  answer: (row: LedgerRow) => T,
): Promise<T> {
  if (!idempotencyKey) throw new ProcessorError('an idempotency key is required');
  const existing = expect.writeFirst ? undefined : await findByKey(db, idempotencyKey);
  const row = existing ?? (await performOnce(db, idempotencyKey, perform));
  if (row.kind !== expect.kind || (expect.providerReference && row.providerReference !== expect.providerReference)) {
    throw new ProcessorError(
      `idempotency key ${idempotencyKey} was already used for another operation (${row.kind} on ${row.providerReference})`,
    );
  }
  return answer(row);
}

/**
 * Performs and records, unless a twin request with the same key got there
 * first: then the twin's answer is this call's answer too, even when the
 * twin's effect (a capture, say) made this call's own check refuse.
 */
async function performOnce(
  db: Db,
  idempotencyKey: string,
  perform: () => Promise<LedgerEntry> | LedgerEntry,
): Promise<LedgerRow> {
  try {
    return (await recordOnce(db, idempotencyKey, await perform())).row;
  } catch (error) {
    const twin = await findByKey(db, idempotencyKey);
    if (twin) return twin;
    throw error;
  }
}

export function parseOutcome<T>(row: LedgerRow): T {
  return JSON.parse(row.outcome) as T;
}
