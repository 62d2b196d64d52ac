/*
 * Server-side prepared statements on PGlite (kept-statement.ts, kept-rows.ts).
 *
 * PGlite is one PostgreSQL session, and its driver parses and plans every query again. A statement PREPAREd once in
 * that session keeps its plan for every later call: `EXECUTE name(arg, …)`. SQL's EXECUTE takes its arguments in
 * its text (the extended protocol cannot bind them), so they are quoted here as literals.
 */

/** What this file needs of a PGlite client (its `exec` runs a script; `query` one statement). */
export type PgliteClient = {
  exec(sql: string): Promise<unknown>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: unknown): Promise<{ rows: T[] }>;
};

/** PostgreSQL's "prepared statement does not exist": the session lost it; prepare it again. */
const LOST_STATEMENT = '26000';
/** "prepared statement already exists": this process prepared the same name, so the same SQL, before. */
const ALREADY_PREPARED = '42P05';

/** PostgreSQL's error code, also through drizzle's DrizzleQueryError, which carries the driver's error as its cause. */
function codeOf(error: unknown): unknown {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return code ?? (cause ? codeOf(cause) : undefined);
}

/**
 * A parameter as an SQL literal, or null when it is not one this file quotes (the caller then runs the statement the
 * ordinary way): only finite numbers and strings without NUL, a string's single quotes doubled, which is complete
 * quoting when standard_conforming_strings is on (checked once per client, before the first PREPARE).
 */
export function sqlLiteral(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') return value.includes('\0') ? null : `'${value.replaceAll("'", "''")}'`;
  return null;
}

/** The EXECUTE of `name` with these arguments, or null when one of them cannot be a literal. */
export function executeText(name: string, params: readonly unknown[]): string | null {
  const literals = params.map(sqlLiteral);
  return literals.some((literal) => literal === null) ? null : `execute ${name}(${literals.join(', ')})`;
}

export function checkStatementName(name: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
}

/** Per client: its statements being or already prepared, and whether its quoting is the standard one. */
const clients = new WeakMap<PgliteClient, { standard: Promise<boolean>; statements: Map<string, Promise<void>> }>();

/**
 * PREPAREs `text` as `name` in the client's session once (again after runPrepared found it lost); true when it is prepared,
 * false when this session's quoting is not standard (the caller then never uses EXECUTE).
 */
export async function ensurePrepared(client: PgliteClient, name: string, text: string): Promise<boolean> {
  let state = clients.get(client);
  if (!state) {
    const standard = client
      .query<{ standard_conforming_strings: string }>('show standard_conforming_strings')
      .then(({ rows }) => rows[0]?.standard_conforming_strings === 'on');
    state = { standard, statements: new Map() };
    clients.set(client, state);
  }
  if (!(await state.standard)) return false;
  let prepared = state.statements.get(name);
  if (!prepared) {
    prepared = client.exec(`prepare ${name} as ${text}`).then(
      () => undefined,
      (error: unknown) => {
        if (codeOf(error) === ALREADY_PREPARED) return;
        state.statements.delete(name);
        throw error;
      },
    );
    state.statements.set(name, prepared);
  }
  await prepared;
  return true;
}

/**
 * Runs `run` (an EXECUTE of `name`, prepared by ensurePrepared); when the session lost the statement, PREPAREs it
 * again and runs once more.
 */
export async function runPrepared<T>(
  client: PgliteClient,
  name: string,
  text: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (codeOf(error) !== LOST_STATEMENT) throw error;
    clients.get(client)?.statements.delete(name);
    await ensurePrepared(client, name, text);
    return run();
  }
}
