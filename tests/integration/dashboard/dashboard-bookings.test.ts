import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { loadActor } from '@/lib/auth/actor';
import { roles as allRoles } from '@/lib/core/enums';
import { bookingsCsvChunks } from '@/lib/core/bookings/export-bookings';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { bookings } from '@/lib/db/schema';
import { createBookingVia, createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { auditTypesOf, signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * The back office's bookings (docs/dashboard-bookings.md): its actions as a browser posts them, through
 * dashboardAction and the API's own core functions, and the CSV export's pages.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);

const { createBookingAction, editBookingAction, changeReferenceAction, deleteBookingAction } =
  await import('@/app/[locale]/dashboard/(signed-in)/bookings/actions');

withTestDatabase();

async function signedIn(email: string) {
  const db = await getDb();
  dashboardRequest(await sealStaffSession(db, await signInByEmail(db, email)));
}

const booking = async (id: string) => (await (await getDb()).select().from(bookings).where(eq(bookings.id, id)))[0]!;
const newForm = (reference: string, extra: Record<string, string> = {}) =>
  formOf({
    locale: 'en-GB',
    booking_reference: reference,
    customer_name: 'Ann Lee',
    email: 'ann@example.com',
    currency: 'GBX',
    gross_amount: '',
    departure_date: '',
    return_date: '',
    package_type: '',
    ...extra,
  });

describe('dashboard bookings', () => {
  it('creates a booking in the organisation in view, amount typed in pounds; the same reference opens it again', async () => {
    const db = await getDb();
    const tenant = await createTenant('BkCreate');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    const end = await endOf(
      createBookingAction(
        newForm('TRIP-1', { gross_amount: '1250.5', package_type: 'PACKAGE', departure_date: '2027-03-01' }),
      ),
    );
    const match = /^\/dashboard\/bookings\/([0-9a-f-]{36})\?result=created$/.exec(end);
    expect(match, end).not.toBeNull();
    const created = await booking(match![1]!);
    expect(created).toMatchObject({
      organisationId: tenant.parentId,
      grossAmount: 125050,
      packageType: 'PACKAGE',
      departureDate: '2027-03-01',
    });
    expect(await auditTypesOf(db, admin.id)).toContain('booking:create');
    // Case-insensitive, as the API: no second booking, the first one's page.
    expect(await endOf(createBookingAction(newForm('trip-1')))).toBe(`/dashboard/bookings/${created.id}?result=exists`);
    // A return before the departure is the API's validation error, back on the form.
    expect(
      await endOf(createBookingAction(newForm('TRIP-2', { departure_date: '2027-03-02', return_date: '2027-03-01' }))),
    ).toBe('/dashboard/bookings/new?error=validation.failed');
    expect(await endOf(createBookingAction(newForm('TRIP-3', { gross_amount: '12.345' })))).toBe(
      '/dashboard/bookings/new?error=validation.failed',
    );
  });

  it('edits, renames and merges by reference, as the API; a form error returns to the edit page', async () => {
    const db = await getDb();
    const tenant = await createTenant('BkEdit');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const first = await createBookingVia(tenant.admin.token, tenant.parentId, { booking_reference: 'KEEP-1' });
    const second = await createBookingVia(tenant.admin.token, tenant.parentId, { booking_reference: 'MOVE-1' });
    await signedIn(admin.email);
    const edit = {
      locale: 'fr',
      booking: second,
      customer_name: 'Bo Ng',
      email: 'bo@example.com',
      gross_amount: '99',
      departure_date: '',
      return_date: '',
      package_type: 'FLIGHT_ONLY',
      atol_receipt_number: 'ATOL-7',
    };
    expect(await endOf(editBookingAction(formOf(edit)))).toBe(`/fr/dashboard/bookings/${second}?result=updated`);
    expect(await booking(second)).toMatchObject({
      customerName: 'Bo Ng',
      grossAmount: 9900,
      packageType: 'FLIGHT_ONLY',
      atolReceiptNumber: 'ATOL-7',
    });
    expect(await endOf(editBookingAction(formOf({ ...edit, email: 'not an address' })))).toBe(
      `/fr/dashboard/bookings/${second}/edit?error=validation.failed`,
    );
    expect(
      await endOf(changeReferenceAction(formOf({ locale: 'en-GB', booking: second, booking_reference: 'MOVE-2' }))),
    ).toBe(`/dashboard/bookings/${second}?result=renamed`);
    expect((await booking(second)).bookingReference).toBe('MOVE-2');
    // KEEP-1 exists: the two merge into it and its page opens.
    expect(
      await endOf(changeReferenceAction(formOf({ locale: 'en-GB', booking: second, booking_reference: 'keep-1' }))),
    ).toBe(`/dashboard/bookings/${first}?result=merged`);
    expect((await booking(second)).deletedAt).not.toBeNull();
  });

  it("refuses another organisation's booking 404, a missing role 403, and lets the creator delete their own", async () => {
    const db = await getDb();
    const tenant = await createTenant('BkRoles');
    const other = await createTenant('BkOther');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const agent = await staffUser(
      db,
      ['booking-and-payment:create:booking', 'booking-and-payment:create:payment'],
      [tenant.childId],
    );
    const parentBooking = await createBookingVia(tenant.admin.token, tenant.parentId);
    const childBooking = await createBookingVia(tenant.admin.token, tenant.childId);
    const foreign = await createBookingVia(other.admin.token, other.parentId);

    await signedIn(admin.email);
    expect(await endOf(deleteBookingAction(formOf({ locale: 'en-GB', booking: foreign })))).toBe('404');
    expect(
      await endOf(changeReferenceAction(formOf({ locale: 'en-GB', booking: foreign, booking_reference: 'X' }))),
    ).toBe('404');
    expect((await booking(foreign)).deletedAt).toBeNull();

    await signedIn(agent.email);
    // The parent's booking is out of the agent's reach: 404. The child's is in reach, but not theirs: 403.
    expect(await endOf(deleteBookingAction(formOf({ locale: 'en-GB', booking: parentBooking })))).toBe('404');
    expect(await endOf(deleteBookingAction(formOf({ locale: 'en-GB', booking: childBooking })))).toBe('403');
    expect((await booking(childBooking)).deletedAt).toBeNull();
    // Their own booking they may delete (the API's rule: the role, or being its creator).
    const own = /bookings\/([0-9a-f-]{36})\?/.exec(await endOf(createBookingAction(newForm('AGENT-1'))))![1]!;
    expect((await booking(own)).organisationId).toBe(tenant.childId);
    expect(await endOf(deleteBookingAction(formOf({ locale: 'en-GB', booking: own })))).toBe(
      '/dashboard/bookings?result=deleted',
    );
    expect((await booking(own)).deletedAt).not.toBeNull();

    dashboardRequest(undefined);
    expect(await endOf(createBookingAction(newForm('NOBODY')))).toBe('403');
    expect(
      await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.bookingReference, 'NOBODY'))),
    ).toHaveLength(0);
  });

  it('exports every page of the filtered list as CSV, header once, in the organisation in view only', async () => {
    const db = await getDb();
    const tenant = await createTenant('BkCsv');
    const other = await createTenant('BkCsvOther');
    for (let i = 1; i <= 5; i++)
      await createBookingVia(tenant.admin.token, tenant.parentId, {
        booking_reference: `CSV-${i}`,
        customer_name: i === 3 ? '=cmd()' : `Csv ${i}`,
      });
    await createBookingVia(tenant.admin.token, tenant.parentId, {
      booking_reference: 'OTHER-1',
      customer_name: 'Someone',
    });
    await createBookingVia(other.admin.token, other.parentId, { booking_reference: 'CSV-9' });
    const actor = (await loadActor(db, tenant.admin.apiKeyId))!;
    const read = async (keyword?: string) => {
      let text = '';
      for await (const chunk of bookingsCsvChunks(
        db,
        actor,
        { organisation: tenant.parentId, keyword, 'show-child-organisations': false },
        2,
      ))
        text += chunk;
      return text.trimEnd().split('\r\n');
    };
    const lines = await read('csv-');
    expect(lines[0]!.startsWith('id,organisation,booking_reference')).toBe(true);
    expect(lines.filter((line) => line.startsWith('id,'))).toHaveLength(1);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[2])
        .sort(),
    ).toEqual(['CSV-1', 'CSV-2', 'CSV-3', 'CSV-4', 'CSV-5']);
    // A formula is defused, as in the API's CSV.
    expect(lines.some((line) => line.includes(",'=cmd(),"))).toBe(true);
    expect(await read()).toHaveLength(7);
  });
});
