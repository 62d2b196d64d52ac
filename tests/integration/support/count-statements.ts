import type { Db } from '@/lib/db/types';

export type LoggedStatement = { query: string; params: unknown[] };

/** The statements `run` sends through `database`, in order, with their parameters (drizzle's logger sees every query, in transactions too). */
export async function loggedStatements(database: Db, run: () => Promise<unknown>): Promise<LoggedStatement[]> {
  const session = (database as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const saved = { logger: session.logger, options: session.options.logger };
  const seen: LoggedStatement[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => seen.push({ query, params }) };
  session.logger = logger;
  session.options.logger = logger;
  try {
    await run();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.options;
  }
  return seen;
}

/** How many of the statements `run` sends through `database` `which` (given the SQL text) keeps; all by default. */
export async function countStatements(
  database: Db,
  run: () => Promise<unknown>,
  which: (query: string) => boolean = () => true,
): Promise<number> {
  return (await loggedStatements(database, run)).filter((statement) => which(statement.query)).length;
}
