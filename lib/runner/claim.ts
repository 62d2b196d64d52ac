import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';

/**
 * Claims up to `limit` rows for this process and no other: the inner SELECT
 * skips rows another worker has locked, and the UPDATE marks the claim in the
 * same statement. Any number of workers may run this at once.
 */
export async function claimRows<T>(
  db: Db,
  query: { table: SQL; where: SQL; orderBy: SQL; set: SQL; limit: number },
): Promise<T[]> {
  return queryRows<T>(
    db,
    sql`
    update ${query.table} set ${query.set}
    where id in (select id from ${query.table} where ${query.where} order by ${query.orderBy} limit ${query.limit} for update skip locked)
    returning id`,
  );
}
