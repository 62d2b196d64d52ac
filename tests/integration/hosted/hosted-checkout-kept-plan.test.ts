import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadHostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { getDb } from '@/lib/db/client';
import { keptStatement } from '@/lib/db/kept-statement';
import { organisations } from '@/lib/db/schema';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

const database = withTestDatabase();

/*
 * The checkout's one statement keeps its plan in the database (lib/db/kept-statement.ts): node-postgres names it per
 * connection; PGlite, one session, PREPAREs it once and EXECUTEs it by name. The answer is the same either way, a
 * lost statement is prepared again, and a transaction's handle never PREPAREs.
 */
const preparedNames = async () => {
  const db = await getDb();
  const result = await db.execute(sql`select name from pg_prepared_statements order by name`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
};

describe("the hosted checkout's kept statement", () => {
  it('answers the same as before, across calls, and after the session lost the statement', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { description: 'Porto' });
    const db = await getDb();
    const first = await loadHostedCheckout(db, id);
    expect(first).toMatchObject({ id, description: 'Porto', amount: 10000, latest: null });
    const paid = await pay(id, cards.visa);
    expect(paid.outcome).toBe('paid');
    const second = await loadHostedCheckout(db, id);
    expect(second?.latest).toMatchObject({ status: 'COMPLETE', cardLastFour: '1111' });
    expect(second?.latest?.paidAt).toBeInstanceOf(Date);

    if (database.current().kind === 'pglite') {
      // One session: the statement is kept by name after the first call.
      expect(await preparedNames()).toContain('hosted_checkout');
      await db.execute(sql`deallocate hosted_checkout`);
      expect(await preparedNames()).not.toContain('hosted_checkout');
      expect(await loadHostedCheckout(db, id)).toEqual(second);
      expect(await preparedNames()).toContain('hosted_checkout');
    } else {
      expect(await loadHostedCheckout(db, id)).toEqual(second);
    }
    // An unknown id and the other kind are still null, through the kept statement.
    expect(await loadHostedCheckout(db, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await loadHostedCheckout(db, id, 'ecommerce')).toBeNull();
  });

  it('answers each of two concurrent calls with its own link', async () => {
    const { admin, parentId } = await createTenant();
    const ids = [
      await createLinkVia(admin.token, parentId, { description: 'Braga' }),
      await createLinkVia(admin.token, parentId, { description: 'Evora' }),
    ];
    const db = await getDb();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([...ids, ...ids].map((id) => loadHostedCheckout(db, id)));
      expect(answers.map((answer) => answer?.description)).toEqual(['Braga', 'Evora', 'Braga', 'Evora']);
    }
  });

  it('passes a string parameter through whole, quotes, backslashes and all', async () => {
    const { parentId } = await createTenant();
    const db = await getDb();
    const query = keptStatement(
      db
        .select({ echoed: sql<string>`${sql.placeholder('text')}::text` })
        .from(organisations)
        .where(eq(organisations.id, sql.placeholder('id')))
        .prepare('kept_statement_echo'),
      'kept_statement_echo',
    );
    for (const text of ["O'Brien", "it''s", "back\\slash \\' x", '$1 -- ; drop table bookings', 'ünïcödé 🏖️'])
      expect(await query.execute({ text, id: parentId })).toEqual([{ echoed: text }]);
    // NUL cannot be a literal: that call goes the unkept way, and PostgreSQL refuses it as it always did.
    await expect(query.execute({ text: 'a\0b', id: parentId })).rejects.toThrow();
  });

  it('is not PREPAREd from inside a transaction', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { description: 'Faro' });
    const db = await getDb();
    const pglite = database.current().kind === 'pglite';
    if (pglite) await db.execute(sql`deallocate all`);
    const inside = await db.transaction((tx) => loadHostedCheckout(tx as never, id));
    expect(inside).toMatchObject({ id, description: 'Faro' });
    if (pglite) expect(await preparedNames()).not.toContain('hosted_checkout');
  });
});
