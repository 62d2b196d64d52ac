import fs from 'node:fs';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  canMove,
  moveSet,
  openingStates,
  moveWhere,
  stateOf,
  transactionMoves,
  transactionStates,
  type TransactionMove,
  type TransactionState,
} from '@/lib/core/transactions/transaction-lifecycle';

const states = Object.keys(transactionStates) as TransactionState[];
const moves = Object.keys(transactionMoves) as TransactionMove[];
const dialect = new PgDialect();

/** Every (state, move) pair the table allows, as "STATE --move--> STATE". */
function allowedMoves(): string[] {
  return states.flatMap((from) =>
    moves.filter((move) => canMove(from, move)).map((move) => `${from} --${move}--> ${transactionMoves[move].to}`),
  );
}

describe('the transaction lifecycle table', () => {
  it('allows exactly these moves, and no other', () => {
    expect(allowedMoves()).toEqual([
      'PAYMENTINPROGRESS/authorising --challenge--> PAYMENTINPROGRESS/challenge',
      'PAYMENTINPROGRESS/authorising --unsettle--> PAYMENTINPROGRESS/unsettled',
      'PAYMENTINPROGRESS/authorising --authorise--> PENDING',
      'PAYMENTINPROGRESS/authorising --pay--> COMPLETE',
      'PAYMENTINPROGRESS/authorising --decline--> DECLINED',
      'PAYMENTINPROGRESS/authorising --fail--> FAILED',
      'PAYMENTINPROGRESS/authorising --abandonUnsettled--> ABANDONED',
      'PAYMENTINPROGRESS/authorising --rejectAuthorised--> REJECTED/reversing',
      'PAYMENTINPROGRESS/challenge --unsettle--> PAYMENTINPROGRESS/unsettled',
      'PAYMENTINPROGRESS/challenge --authorise--> PENDING',
      'PAYMENTINPROGRESS/challenge --pay--> COMPLETE',
      'PAYMENTINPROGRESS/challenge --decline--> DECLINED',
      'PAYMENTINPROGRESS/challenge --fail--> FAILED',
      'PAYMENTINPROGRESS/challenge --abandonByCustomer--> ABANDONED',
      'PAYMENTINPROGRESS/challenge --abandonUnsettled--> ABANDONED',
      'PAYMENTINPROGRESS/challenge --rejectAuthorised--> REJECTED/reversing',
      'PAYMENTINPROGRESS/bank --unsettle--> PAYMENTINPROGRESS/unsettled',
      'PAYMENTINPROGRESS/bank --authorise--> PENDING',
      'PAYMENTINPROGRESS/bank --pay--> COMPLETE',
      'PAYMENTINPROGRESS/bank --decline--> DECLINED',
      'PAYMENTINPROGRESS/bank --fail--> FAILED',
      'PAYMENTINPROGRESS/bank --abandonByCustomer--> ABANDONED',
      'PAYMENTINPROGRESS/bank --abandonUnsettled--> ABANDONED',
      'PAYMENTINPROGRESS/unsettled --unsettle--> PAYMENTINPROGRESS/unsettled',
      'PAYMENTINPROGRESS/unsettled --authorise--> PENDING',
      'PAYMENTINPROGRESS/unsettled --pay--> COMPLETE',
      'PAYMENTINPROGRESS/unsettled --decline--> DECLINED',
      'PAYMENTINPROGRESS/unsettled --fail--> FAILED',
      'PAYMENTINPROGRESS/unsettled --abandonUnsettled--> ABANDONED',
      'PAYMENTINPROGRESS/unsettled --rejectAuthorised--> REJECTED/reversing',
      'PENDING --claimCapture--> PENDING/capturing',
      'PENDING --claimReverse--> PENDING/reversing',
      'PENDING --captured--> COMPLETE',
      'PENDING --reversed--> REVERSED',
      'PENDING/capturing --releaseClaim--> PENDING',
      'PENDING/capturing --captured--> COMPLETE',
      'PENDING/capturing --captureFailed--> PENDING',
      'PENDING/reversing --releaseClaim--> PENDING',
      'PENDING/reversing --reversed--> REVERSED',
      'COMPLETE --captureFailed--> PENDING',
      'REJECTED/reversing --rejectedReleased--> REJECTED',
    ]);
  });

  it('names only known states, and every state is one a transaction is opened in or reached by a move', () => {
    for (const move of moves) {
      for (const from of transactionMoves[move].from) expect(states).toContain(from);
      expect(states).toContain(transactionMoves[move].to);
    }
    const reached = new Set<TransactionState>([...openingStates, ...moves.map((move) => transactionMoves[move].to)]);
    expect(states.filter((state) => !reached.has(state))).toEqual([]);
  });

  it('lets nothing leave a state where the money is settled for good', () => {
    for (const end of ['DECLINED', 'FAILED', 'ABANDONED', 'REVERSED', 'REJECTED'] as const) {
      expect(
        moves.filter((move) => canMove(end, move)),
        end,
      ).toEqual([]);
    }
  });

  it('reads a row into its state; an unknown combination is null', () => {
    expect(stateOf({ status: 'PENDING', stage: 'capturing' })).toBe('PENDING/capturing');
    expect(stateOf({ status: 'COMPLETE', stage: null })).toBe('COMPLETE');
    expect(stateOf({ status: 'COMPLETE', stage: 'challenge' })).toBeNull();
  });

  it('guards a move in SQL on the id and its from-states, and writes its to-state', () => {
    const { sql, params } = dialect.sqlToQuery(moveWhere('t-1', 'captured'));
    expect(sql).toBe(
      '("transactions"."id" = $1 and ("transactions"."status" = $2 and ("transactions"."stage" in ($3) or "transactions"."stage" is null)))',
    );
    expect(params).toEqual(['t-1', 'PENDING', 'capturing']);
    expect(moveSet('captured')).toEqual({ status: 'COMPLETE', stage: null });

    const narrowed = dialect.sqlToQuery(moveWhere('t-1', 'captured', ['PENDING/capturing']));
    expect(narrowed.sql).toBe(
      '("transactions"."id" = $1 and ("transactions"."status" = $2 and "transactions"."stage" in ($3)))',
    );

    const failed = dialect.sqlToQuery(moveWhere('t-2', 'captureFailed'));
    expect(failed.sql).toBe(
      '("transactions"."id" = $1 and (("transactions"."status" = $2 and "transactions"."stage" is null) or ("transactions"."status" = $3 and "transactions"."stage" in ($4))))',
    );
    expect(failed.params).toEqual(['t-2', 'COMPLETE', 'PENDING', 'capturing']);
  });
});

describe('every mover of a transaction goes through the table', () => {
  /** Every .ts file under lib/, with its text. */
  function libFiles(dir = path.resolve(import.meta.dirname, '../../../lib')): { file: string; text: string }[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return libFiles(full);
      return entry.name.endsWith('.ts')
        ? [{ file: path.relative(process.cwd(), full), text: fs.readFileSync(full, 'utf8') }]
        : [];
    });
  }

  it('writes status or stage of a transaction only from moveSet, and guards it with moveWhere or stateIn', () => {
    const written: string[] = [];
    for (const { file, text } of libFiles()) {
      if (file.endsWith('transaction-lifecycle.ts')) continue;
      // Drizzle: update(transactions).set({ ... status: or stage: written by hand ... }).
      for (const match of text.matchAll(/update\(transactions\)\s*\.set\(\{([^}]*)\}/g)) {
        if (/\b(status|stage)\s*:/.test(match[1]!))
          written.push(`${file}: ${match[0].replace(/\s+/g, ' ').slice(0, 120)}`);
      }
      // SQL: update transactions set ... status = '…' / stage = '…' / stage = null written as literals. A group of
      // moves (settle-scheduled-charges.ts) chooses between two moveSet values, named for their moves.
      for (const match of text.matchAll(/update transactions set ([^`]*?)(where|returning)/g)) {
        const chosen =
          /\b(status|stage) = case when [\w.]+ then \$\{(\w+)\.\1\}(::text)? else \$\{(\w+)\.\1\}(::text)? end/g;
        const choices = [...match[1]!.matchAll(chosen)].flatMap((m) => [m[2]!, m[4]!]);
        const byMoveSet = choices.every((name) =>
          new RegExp(`\\b${name}\\b[^;]*= moveSet\\(|\\[[^\\]]*\\b${name}\\b[^\\]]*\\] = \\[moveSet\\(`).test(text),
        );
        const rest = match[1]!.replace(chosen, '');
        if (!byMoveSet || /\b(status|stage) = (?!\$\{moveSet)/.test(rest))
          written.push(`${file}: ${match[0].replace(/\s+/g, ' ').slice(0, 120)}`);
      }
      // Runner claims (claimRows on the transactions table) that set a stage by hand.
      for (const match of text.matchAll(/table: sql`transactions`,[\s\S]*?set: sql`([^`]*)`/g)) {
        if (/\b(status|stage) = (?!\$\{moveSet)/.test(match[1]!))
          written.push(`${file}: claim sets ${match[1]!.slice(0, 80)}`);
      }
    }
    expect(written).toEqual([]);
  });
});
