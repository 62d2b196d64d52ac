import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { keptRows } from '@/lib/db/kept-rows';
import { queryRows } from '@/lib/db/query-rows';
import { organisations } from '@/lib/db/schema';
import { createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

const database = withTestDatabase();

/*
 * keptRows (lib/db/kept-rows.ts): a statement whose text is the same on every call keeps its plan in the database:
 * a named statement per connection on node-postgres, PREPARE once and EXECUTE by name on PGlite. The rows are the
 * same as queryRows gives; a lost statement is prepared again; a transaction prepares nothing.
 */
const keptNames = async () => {
  const rows = await queryRows<{ name: string }>(
    await getDb(),
    sql`select name from pg_prepared_statements where name like 'kept_%' order by name`,
  );
  return rows.map((row) => row.name);
};

const echo = (id: string, text: string, limit: number) =>
  sql`select json_build_object('name', ${organisations.name}, 'text', ${text}::text, 'limit', ${limit}::int) as row
      from ${organisations} where ${eq(organisations.id, id)} limit ${limit}`;

describe('keptRows', () => {
  it('answers as queryRows does, across calls with other parameters, and after the statement was lost', async () => {
    const { parentId, childId } = await createTenant();
    const db = await getDb();
    for (const [id, text] of [
      [parentId, "O'Brien \\ back"],
      [childId, 'ünïcödé; drop table bookings --'],
    ] as const) {
      const kept = await keptRows(db, echo(id, text, 1));
      expect(kept).toEqual(await queryRows(db, echo(id, text, 1)));
      expect(kept).toEqual([{ row: expect.objectContaining({ text, limit: 1 }) }]);
    }
    if (database.current().kind === 'pglite') {
      // One session: one statement for the one text, kept by name.
      expect(await keptNames()).toHaveLength(1);
      await db.execute(sql`deallocate all`);
      expect(await keptNames()).toHaveLength(0);
      expect(await keptRows(db, echo(parentId, 'again', 1))).toEqual([
        { row: expect.objectContaining({ text: 'again' }) },
      ]);
      expect(await keptNames()).toHaveLength(1);
    }
  });

  it('prepares nothing inside a transaction, and falls back for a parameter it does not quote', async () => {
    const { parentId } = await createTenant();
    const db = await getDb();
    const pglite = database.current().kind === 'pglite';
    if (pglite) await db.execute(sql`deallocate all`);
    const inside = await db.transaction((tx) => keptRows(tx as never, echo(parentId, 'inside', 1)));
    expect(inside).toEqual([{ row: expect.objectContaining({ text: 'inside' }) }]);
    // A Date is not a literal kept-rows quotes: the statement runs the ordinary way, with the same answer.
    const at = new Date('2026-11-26T12:00:00Z');
    const dated = sql`select json_build_object('at', ${at.toISOString()}::timestamptz) as row, ${at}::timestamptz as t`;
    expect((await keptRows<{ row: { at: string } }>(db, dated))[0]?.row.at).toMatch(/^2026-11-26T12:00:00/);
    if (pglite) expect(await keptNames()).toHaveLength(0);
  });
});
