import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query-rows';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { sdk } from './felloh-sdk';

withTestDatabase();

/** count(*) of the live bookings, straight from the table. */
async function liveInTable(organisation: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    await getDb(),
    sql`select count(*) as n from bookings where organisation_id = ${organisation} and deleted_at is null`,
  );
  return Number(row!.n);
}

describe('the unfiltered bookings meta.count (booking_counts, kept by a trigger)', () => {
  it('equals count(*) through racing creates, duplicate references, deletes and merges', async () => {
    const { admin, parentId, childId } = await createTenant();
    const client = sdk(admin.token);
    const book = (reference: string, organisation = parentId) =>
      client.bookings.create({
        organisation,
        booking_reference: reference,
        customer_name: 'Jane',
        email: 'jane@example.com',
      });
    // 30 creates at once (concurrent on PostgreSQL), 10 of them repeating a reference: 20 bookings.
    const created = await Promise.all(Array.from({ length: 30 }, (_, i) => book(`RACE-${i % 20}`)));
    await book('CHILD-1', childId);
    const total = async (children = false) =>
      (await client.bookings.list({ organisation: parentId, take: 1, 'show-child-organisations': children })).meta
        .count;
    expect([await total(), await liveInTable(parentId)]).toEqual([20, 20]);
    expect(await total(true)).toBe(21);

    const ids = [...new Set(created.map((c) => c.data.id as string))];
    await client.bookings.delete(ids[0]!);
    // Merge: RACE-2 takes RACE-1's reference, so RACE-2 is deleted into RACE-1.
    await client.bookings.updateReference(ids[2]!, 'race-1');
    // A rename (no merge) changes nothing.
    await client.bookings.updateReference(ids[3]!, 'RACE-3-RENAMED');
    expect([await total(), await liveInTable(parentId)]).toEqual([18, 18]);
    expect((await client.bookings.listAll({ organisation: parentId })).length).toBe(18);
    // A filtered list counts over its own conditions.
    expect((await client.bookings.list({ organisation: parentId, keyword: 'renamed' })).meta.count).toBe(1);
  });
});
