import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { listsTemplate } from '@/lib/db/lists-template';
import { queryRows } from '@/lib/db/query-rows';
import { bookings, organisations } from '@/lib/db/schema';
import { selectLists } from '@/lib/db/select-lists';
import type { Executor } from '@/lib/db/types';
import { api } from './support/api-client';
import { loggedStatements } from './support/count-statements';
import { createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

const database = withTestDatabase();

/*
 * listsTemplate (lib/db/lists-template.ts): selectLists built once per shape, its values put in place per call. Each
 * call must answer what selectLists answers for its own values; a value used anywhere but as a parameter is refused.
 */
type Values = Record<'organisation' | 'reference', string>;
const selects = (db: Executor, v: Values, shape: { named: boolean }) => ({
  organisation: db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, v.organisation)),
  bookings: db
    .select({ reference: bookings.bookingReference, created: bookings.createdAt })
    .from(bookings)
    .where(
      shape.named
        ? sql`${bookings.organisationId} = ${v.organisation} and ${bookings.bookingReference} like ${v.reference}`
        : eq(bookings.organisationId, v.organisation),
    )
    .orderBy(desc(bookings.bookingReference))
    .limit(2),
});

async function seed() {
  const tenant = await createTenant();
  for (const [organisation, reference] of [
    [tenant.parentId, 'LT-A1'],
    [tenant.parentId, 'LT-A2'],
    [tenant.parentId, 'LT-B1'],
    [tenant.childId, 'LT-C1'],
  ] as const) {
    const created = await api.put(
      '/agent/bookings',
      { organisation, booking_reference: reference, customer_name: 'Jane', email: 'j@example.com' },
      { token: tenant.admin.token },
    );
    expect(created.status, created.text).toBe(200);
  }
  return tenant;
}

describe('listsTemplate', () => {
  it("answers each call with its own values, per shape, as selectLists does, building each shape's SQL once", async () => {
    const { parentId, childId } = await seed();
    const db = await getDb();
    const read = listsTemplate(selects);
    const cases = [
      [{ organisation: parentId, reference: 'LT-A%' }, { named: true }, ['LT-A2', 'LT-A1']],
      [{ organisation: childId, reference: 'LT-%' }, { named: true }, ['LT-C1']],
      [{ organisation: parentId, reference: 'unused' }, { named: false }, ['LT-B1', 'LT-A2']],
      [{ organisation: parentId, reference: "it's; drop table bookings --" }, { named: true }, []],
    ] as const;
    for (const [values, shape, references] of cases) {
      const lists = await read(db, values, shape);
      expect(lists).toEqual(await selectLists(db, selects(db, values, shape)));
      expect(lists.organisation).toEqual([{ id: values.organisation, name: expect.any(String) }]);
      expect(lists.bookings.map((b) => b.reference)).toEqual(references);
      expect(lists.bookings.every((b) => b.created instanceof Date)).toBe(true);
    }
    if (database.current().kind === 'pglite') {
      // Two shapes: two statements kept in the one session, however many calls.
      const kept = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_prepared_statements where name like 'kept_%'`,
      );
      expect(kept[0]!.n).toBe(2);
    }
  });

  it('runs the ordinary way inside a transaction, with the same answer', async () => {
    const { parentId } = await seed();
    const db = await getDb();
    const read = listsTemplate(selects);
    const values = { organisation: parentId, reference: 'LT-%' };
    let references: string[] = [];
    // drizzle's logger sees what goes through drizzle, which a kept statement does not: here the lists statement does.
    const statements = await loggedStatements(db, async () => {
      const lists = await db.transaction((tx) => read(tx, values, { named: true }));
      references = lists.bookings.map((b) => b.reference);
    });
    expect(references).toEqual(['LT-B1', 'LT-A2']);
    expect(statements.filter((s) => s.query.includes('json_agg(list_rows)'))).toEqual([
      { query: expect.stringContaining(' like $'), params: expect.arrayContaining([parentId, 'LT-%']) },
    ]);
  });

  it('refuses a build that writes a value into the SQL text or changes it before it becomes a parameter', async () => {
    const { parentId } = await seed();
    const db = await getDb();
    const inText = listsTemplate((d: Executor, v: Values) => ({
      one: d
        .select({ id: organisations.id })
        .from(organisations)
        .where(sql.raw(`id = '${v.organisation}'`)),
    }));
    await expect(inText(db, { organisation: parentId, reference: '' }, { x: true })).rejects.toThrow(
      /a value reached the SQL text/,
    );
    const changed = listsTemplate((d: Executor, v: Values) => ({
      one: d
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.bookingReference, `${v.reference}%`)),
    }));
    await expect(changed(db, { organisation: parentId, reference: 'LT' }, { x: true })).rejects.toThrow(
      /a value was changed/,
    );
  });
});
