import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { bookings, customers, organisations, users } from '@/lib/db/schema';
import { selectLists } from '@/lib/db/select-lists';
import { api } from './support/api-client';
import { createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

const parent = alias(organisations, 'parent');

/** selectLists must answer, for each select, exactly what awaiting that select alone answers. */
describe('selectLists (several selects in one statement)', () => {
  it('decodes every column type as drizzle does, keeps each order and limit, and nulls a missing left join', async () => {
    const { admin, parentId, childId } = await createTenant();
    for (const [reference, extra] of [
      ['SL-1', { departure_date: '2027-05-01', return_date: '2027-05-08', gross_amount: 123456 }],
      ['SL-2', {}],
      ['SL-3', { gross_amount: 999_999_999 }],
    ] as const) {
      const created = await api.put(
        '/agent/bookings',
        {
          organisation: parentId,
          booking_reference: reference,
          customer_name: 'Jane',
          email: 'j@example.com',
          ...extra,
        },
        { token: admin.token },
      );
      expect(created.status, created.text).toBe(200);
    }
    const db = await getDb();
    const selects = () => ({
      // timestamptz, text[] and jsonb columns, and a left join present for one row and absent for the other.
      organisations: db
        .select({ organisation: organisations, parent, one: sql<number>`1` })
        .from(organisations)
        .leftJoin(parent, eq(parent.id, organisations.parentId))
        .where(inArray(organisations.id, [parentId, childId]))
        .orderBy(desc(organisations.id)),
      // dates (mode string), bigint money (mode number), nulls; two tables' `id` in one row; newest two of three.
      bookings: db
        .select({ booking: bookings, customer: customers, creator: users.email })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.userId))
        .leftJoin(customers, eq(customers.id, bookings.customerId))
        .where(eq(bookings.organisationId, parentId))
        .orderBy(desc(bookings.bookingReference))
        .limit(2),
      none: db
        .select()
        .from(bookings)
        .where(and(eq(bookings.organisationId, parentId), sql`false`)),
    });
    const alone = { organisations: await selects().organisations, bookings: await selects().bookings };
    const together = await selectLists(db, selects());
    expect(together).toEqual({ ...alone, none: [] });
    expect(together.organisations.map((o) => o.parent?.id ?? null)).toEqual([parentId, null]);
    expect(together.bookings.map((b) => b.booking.bookingReference)).toEqual(['SL-3', 'SL-2']);
    expect(together.bookings[0]!.booking.grossAmount).toBe(999_999_999);
    expect(together.bookings[0]!.booking.createdAt).toBeInstanceOf(Date);
    const [first] = await selectLists(db, { b: selects().bookings.offset(1) }).then((r) => r.b);
    expect(first!.booking.bookingReference).toBe('SL-2');
    const withDates = await selectLists(db, {
      b: db
        .select()
        .from(bookings)
        .where(and(eq(bookings.organisationId, parentId), eq(bookings.bookingReference, 'SL-1'))),
    });
    expect(withDates.b).toEqual([expect.objectContaining({ departureDate: '2027-05-01', grossAmount: 123456 })]);
  });
});
