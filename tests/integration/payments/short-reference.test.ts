import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shortReferenceOf } from '@/lib/core/transactions/short-reference';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query-rows';
import { shortReferenceSql } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const REFERENCE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;

async function paid(token: string, organisation: string, number: string = cards.visa) {
  const link = await createLinkVia(token, organisation);
  return ((await pay(link, number)) as { transactionId: string }).transactionId;
}

const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((t) => t.id);

describe('a payment’s short reference', () => {
  it('is on every attempt, distinct, answered by the API and found by the search (any case, with a dash)', async () => {
    const { admin, parentId } = await createTenant();
    const first = await paid(admin.token, parentId);
    const declined = await paid(admin.token, parentId, cards.declined);
    const one = (await api.get(`/agent/transactions/${first}`, { token: admin.token })).body.data;
    const other = (await api.get(`/agent/transactions/${declined}`, { token: admin.token })).body.data;
    expect(one.short_reference).toMatch(REFERENCE);
    expect(other.short_reference).toMatch(REFERENCE);
    expect(one.short_reference).not.toBe(other.short_reference);
    expect(await shortReferenceOf(await getDb(), first)).toBe(one.short_reference);

    const typed = `${one.short_reference.slice(0, 4).toLowerCase()}-${one.short_reference.slice(4)}`;
    const search = (body: Record<string, unknown>) =>
      api.post('/agent/transactions', { organisation: parentId, ...body }, { token: admin.token });
    expect(ids(await search({ short_reference: typed }))).toEqual([first]);
    expect(ids(await search({ keyword: one.short_reference }))).toEqual([first]);
    // Not a reference (O and I are not in the alphabet): nothing, rather than every payment.
    expect(ids(await search({ short_reference: 'OOOOIIII' }))).toEqual([]);
    expect(ids(await search({ short_reference: '' }))).toEqual([]);
  });

  it('finds nothing in another organisation, and distinct payment numbers never share one', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const their = await paid(theirs.admin.token, theirs.parentId);
    const reference = await shortReferenceOf(await getDb(), their);
    const search = await api.post(
      '/agent/transactions',
      { organisation: mine.parentId, short_reference: reference },
      { token: mine.admin.token },
    );
    expect(search.status).toBe(200);
    expect(search.body.data).toEqual([]);
    // The reference is a bijection of the payment's number: the first 20,000 numbers give 20,000 references.
    const [row] = await queryRows<{ n: number; distinct_n: number; shaped: number }>(
      await getDb(),
      sql`select count(*)::int as n, count(distinct r)::int as distinct_n,
        count(*) filter (where r ~ '^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$')::int as shaped
        from (select ${shortReferenceSql} as r from generate_series(1, 20000) as g(short_number)) x`,
    );
    expect(row).toEqual({ n: 20000, distinct_n: 20000, shaped: 20000 });
  });
});
