import type { Db } from '@/lib/db/types';

/**
 * The statements `run` sends through `database` (drizzle's logger sees every query, in transactions too),
 * counted when `which` (given the SQL text) says so, else all.
 */
export async function countStatements(
  database: Db,
  run: () => Promise<unknown>,
  which: (query: string) => boolean = () => true,
): Promise<number> {
  const session = (database as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const saved = { logger: session.logger, options: session.options.logger };
  let count = 0;
  const counter = {
    logQuery: (query: string) => {
      if (which(query)) count += 1;
    },
  };
  session.logger = counter;
  session.options.logger = counter;
  try {
    await run();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.options;
  }
  return count;
}
