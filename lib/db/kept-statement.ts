import { entityKind, fillPlaceholders } from 'drizzle-orm';

/*
 * A prepared query whose plan the database keeps, on both drivers.
 *
 * drizzle's `.prepare(name)` gives node-postgres a named statement: each pooled connection parses and plans it
 * once. On PGlite the same call only keeps drizzle's SQL string, and every execution is parsed and planned again:
 * for the checkout's one statement (a lateral join over four tables) planning is most of its cost (PGlite, the
 * sandbox's data: 2.2 ms a call through drizzle, 0.3–0.5 ms as EXECUTE of a statement PREPAREd once). PGlite is a
 * single session, so one server-side PREPARE serves every later call; drizzle then sends `EXECUTE name(…)` with the
 * same parameters as literals and maps the same columns.
 */

type PglitePrepared = {
  client: { exec(sql: string): Promise<unknown>; query(sql: string): Promise<{ rows: Record<string, unknown>[] }> };
  queryString: string;
  params: unknown[];
};

type Executable = { execute(values?: Record<string, unknown>): Promise<unknown> };

const isPglite = (query: object) =>
  (query.constructor as { [entityKind]?: string })[entityKind] === 'PglitePreparedQuery';

/** PostgreSQL's "prepared statement does not exist": the session lost it; prepare it again. */
const LOST_STATEMENT = '26000';
/** "prepared statement already exists": this process prepared the same name, so the same SQL, before. */
const ALREADY_PREPARED = '42P05';

/** PostgreSQL's error code, also through drizzle's DrizzleQueryError, which carries the driver's error as its cause. */
const codeOf = (error: unknown): unknown => {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return code ?? (cause ? codeOf(cause) : undefined);
};

/**
 * A parameter as an SQL literal, or null when it is not one this file quotes (the call then goes the unkept way).
 * SQL's EXECUTE takes its arguments in its text (the extended protocol cannot bind them), so they are quoted here:
 * only finite numbers and strings without NUL, a string's single quotes doubled, which is complete quoting when
 * standard_conforming_strings is on (checked once, at PREPARE).
 */
function literal(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') return value.includes('\0') ? null : `'${value.replaceAll("'", "''")}'`;
  return null;
}

/**
 * Makes a drizzle prepared query of the process's database (never of a transaction: a PREPARE must not run inside
 * someone's transaction) keep its plan in PGlite too. Parameter types are inferred from the SQL, as PREPARE does.
 */
export function keptStatement<Q extends Executable>(query: Q, name: string): Q {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
  if (!isPglite(query)) return query;
  const pglite = query as unknown as PglitePrepared;
  const { queryString: text, params } = pglite;
  let prepared: Promise<boolean> | null = null;
  const prepare = () =>
    (prepared ??= (async () => {
      const [setting] = (await pglite.client.query('show standard_conforming_strings')).rows;
      if (setting?.standard_conforming_strings !== 'on') return false;
      await pglite.client.exec(`prepare ${name} as ${text}`).catch((error: unknown) => {
        if (codeOf(error) !== ALREADY_PREPARED) throw error;
      });
      return true;
    })().catch((error: unknown) => {
      prepared = null;
      throw error;
    }));
  const execute = query.execute.bind(query);
  const executeKept = (literals: string[]) => {
    // drizzle's execute reads queryString and params before its first await: set them for this call, start it,
    // and put them back before anything else runs (the concurrency test in hosted-checkout-kept-plan.test.ts).
    pglite.queryString = `execute ${name}(${literals.join(', ')})`;
    pglite.params = [];
    try {
      return execute();
    } finally {
      pglite.queryString = text;
      pglite.params = params;
    }
  };
  query.execute = async (values) => {
    const literals = fillPlaceholders(params, values ?? {}).map(literal);
    if (literals.some((value) => value === null) || !(await prepare())) return execute(values);
    try {
      return await executeKept(literals as string[]);
    } catch (error) {
      if (codeOf(error) !== LOST_STATEMENT) throw error;
      prepared = null;
      await prepare();
      return executeKept(literals as string[]);
    }
  };
  return query;
}
