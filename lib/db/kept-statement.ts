import { entityKind, fillPlaceholders } from 'drizzle-orm';
import { checkStatementName, ensurePrepared, executeText, runPrepared, type PgliteClient } from './pglite-prepared';

/*
 * A drizzle prepared query whose plan the database keeps, on both drivers.
 *
 * drizzle's `.prepare(name)` gives node-postgres a named statement: each pooled connection parses and plans it
 * once. On PGlite the same call only keeps drizzle's SQL string, and every execution is parsed and planned again:
 * for the checkout's one statement (a lateral join over four tables) planning is most of its cost (PGlite, the
 * sandbox's data: 2.2 ms a call through drizzle, 0.3–0.5 ms as EXECUTE of a statement PREPAREd once). So on PGlite
 * the statement is PREPAREd once in its one session (pglite-prepared.ts), and drizzle sends `EXECUTE name(…)` with
 * the same parameters as literals and maps the same columns.
 */

type PglitePreparedQuery = { client: PgliteClient; queryString: string; params: unknown[] };

type Executable = { execute(values?: Record<string, unknown>): Promise<unknown> };

const isPglite = (query: object) =>
  (query.constructor as { [entityKind]?: string })[entityKind] === 'PglitePreparedQuery';

/**
 * Makes a drizzle prepared query of the process's database (never of a transaction: a PREPARE must not run inside
 * someone's transaction) keep its plan in PGlite too. Parameter types are inferred from the SQL, as PREPARE does.
 */
export function keptStatement<Q extends Executable>(query: Q, name: string): Q {
  checkStatementName(name);
  if (!isPglite(query)) return query;
  const pglite = query as unknown as PglitePreparedQuery;
  const { client, queryString: text, params } = pglite;
  const execute = query.execute.bind(query);
  const executeKept = (statement: string) => {
    // drizzle's execute reads queryString and params before its first await: set them for this call, start it,
    // and put them back before anything else runs (the concurrency test in hosted-checkout-kept-plan.test.ts).
    pglite.queryString = statement;
    pglite.params = [];
    try {
      return execute();
    } finally {
      pglite.queryString = text;
      pglite.params = params;
    }
  };
  query.execute = async (values) => {
    const statement = executeText(name, fillPlaceholders(params, values ?? {}));
    if (!statement || !(await ensurePrepared(client, name, text))) return execute(values);
    return runPrepared(client, name, text, () => executeKept(statement));
  };
  return query;
}
