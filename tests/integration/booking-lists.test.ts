import { describe, expect, it } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { api } from './support/api-client';
import { createBookingVia, createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

/** Creates bookings one clock tick apart so that newest-first order is unambiguous. */
async function seedBookings(token: string, organisation: string, specs: Record<string, unknown>[]) {
  const ids: string[] = [];
  try {
    for (const [index, spec] of specs.entries()) {
      setClockOffset(index * 1000);
      ids.push(await createBookingVia(token, organisation, spec));
    }
  } finally {
    setClockOffset(0);
  }
  return ids;
}

describe('POST /agent/bookings (list)', () => {
  it('lists newest first with the total count, and pages with skip and take', async () => {
    const { admin, parentId } = await createTenant();
    const ids = await seedBookings(
      admin.token,
      parentId,
      Array.from({ length: 30 }, (_, i) => ({ booking_reference: `P-${i}` })),
    );
    const first = await api.post('/agent/bookings', { organisation: parentId }, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(25);
    expect(first.body.meta).toMatchObject({ count: 30, has_more: true });
    expect(first.body.data[0].id).toBe(ids[29]);
    const second = await api.post(
      '/agent/bookings',
      { organisation: parentId, skip: 25, take: 10 },
      { token: admin.token },
    );
    expect(second.body.data.map((b: { id: string }) => b.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.body.meta).toMatchObject({ count: 30, has_more: false });
    // In lists, components are always empty.
    expect(first.body.data[0].components).toEqual([]);
  });

  it('rejects take above 25, negative skip and a missing organisation', async () => {
    const { admin } = await createTenant();
    const response = await api.post('/agent/bookings', { take: 26, skip: -1 }, { token: admin.token });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { message: string }) => e.message).sort()).toEqual([
      'organisation is required.',
      'skip must be at least 0.',
      'take must be at most 25.',
    ]);
    expect((await api.post('/agent/bookings', { organisation: 'x', take: 0 }, { token: admin.token })).status).toBe(
      422,
    );
  });

  it('filters by keyword over name, reference and email', async () => {
    const { admin, parentId } = await createTenant();
    await seedBookings(admin.token, parentId, [
      { booking_reference: 'KW-1', customer_name: 'Maria Lopez' },
      { booking_reference: 'KW-2', email: 'lopez.family@example.com' },
      { booking_reference: 'LOPEZ-3' },
      { booking_reference: 'KW-4', customer_name: 'Someone Else', email: 'else@example.com' },
      { booking_reference: 'KW-5', customer_name: '100% Holidays' },
    ]);
    const found = await api.post(
      '/agent/bookings',
      { organisation: parentId, keyword: 'lopez' },
      { token: admin.token },
    );
    expect(found.body.data.map((b: { booking_reference: string }) => b.booking_reference).sort()).toEqual([
      'KW-1',
      'KW-2',
      'LOPEZ-3',
    ]);
    const percent = await api.post(
      '/agent/bookings',
      { organisation: parentId, keyword: '0%' },
      { token: admin.token },
    );
    expect(percent.body.data.map((b: { booking_reference: string }) => b.booking_reference)).toEqual(['KW-5']);
  });

  it('filters by departure date range, inclusive', async () => {
    const { admin, parentId } = await createTenant();
    await seedBookings(admin.token, parentId, [
      { booking_reference: 'D-1', departure_date: '2027-01-01' },
      { booking_reference: 'D-2', departure_date: '2027-02-15' },
      { booking_reference: 'D-3', departure_date: '2027-03-31' },
      { booking_reference: 'D-4' },
    ]);
    const list = await api.post(
      '/agent/bookings',
      { organisation: parentId, date_from: '2027-02-15', date_to: '2027-03-31' },
      { token: admin.token },
    );
    expect(list.body.data.map((b: { booking_reference: string }) => b.booking_reference)).toEqual(['D-3', 'D-2']);
  });

  it('matches booking_reference exactly, ignoring case', async () => {
    const { admin, parentId } = await createTenant();
    await seedBookings(admin.token, parentId, [{ booking_reference: 'ABC-1' }, { booking_reference: 'ABC-10' }]);
    const list = await api.post(
      '/agent/bookings',
      { organisation: parentId, booking_reference: 'abc-1' },
      { token: admin.token },
    );
    expect(list.body.data.map((b: { booking_reference: string }) => b.booking_reference)).toEqual(['ABC-1']);
  });

  it('includes child organisations only with show-child-organisations', async () => {
    const { admin, parentId, childId } = await createTenant();
    await createBookingVia(admin.token, parentId, { booking_reference: 'PARENT-1' });
    await createBookingVia(admin.token, childId, { booking_reference: 'CHILD-1' });
    const own = await api.post('/agent/bookings', { organisation: parentId }, { token: admin.token });
    expect(own.body.data.map((b: { booking_reference: string }) => b.booking_reference)).toEqual(['PARENT-1']);
    const all = await api.post(
      '/agent/bookings',
      { organisation: parentId, 'show-child-organisations': true },
      { token: admin.token },
    );
    expect(all.body.data.map((b: { booking_reference: string }) => b.booking_reference).sort()).toEqual([
      'CHILD-1',
      'PARENT-1',
    ]);
    const childOnly = await api.post('/agent/bookings', { organisation: childId }, { token: admin.token });
    expect(childOnly.body.data.map((b: { booking_reference: string }) => b.booking_reference)).toEqual(['CHILD-1']);
  });

  it("never shows another organisation's bookings, and a child key cannot list its parent", async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    await createBookingVia(theirs.admin.token, theirs.parentId);
    const response = await api.post('/agent/bookings', { organisation: theirs.parentId }, { token: mine.admin.token });
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('auth.organisation_forbidden');
    const childKey = await mine.makeCaller({ roles: [], organisationId: mine.childId });
    expect((await api.post('/agent/bookings', { organisation: mine.parentId }, { token: childKey.token })).status).toBe(
      403,
    );
    expect(
      (
        await api.post(
          '/agent/bookings',
          { organisation: mine.childId, 'show-child-organisations': true },
          { token: childKey.token },
        )
      ).status,
    ).toBe(200);
  });

  it('exports CSV with a header row, minor units and defused formulas', async () => {
    const { admin, parentId } = await createTenant();
    await seedBookings(admin.token, parentId, [
      { booking_reference: 'CSV-1', customer_name: 'Smith, John', gross_amount: 150000, departure_date: '2027-04-01' },
      { booking_reference: 'CSV-2', customer_name: '=HYPERLINK("x")' },
    ]);
    const response = await api.post('/agent/bookings', { organisation: parentId, type: 'csv' }, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,organisation,booking_reference,customer_name,email,currency,gross_amount,paid_amount,departure_date,return_date,package_type,atol_receipt_number,created_by,created_at,updated_at',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,CSV-2,"'=HYPERLINK(""x"")",`);
    expect(lines[2]).toContain(`,${parentId},CSV-1,"Smith, John",jane@example.com,GBX,150000,0,2027-04-01,`);
  });
});
