import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { paymentLinks, transactions } from '@/lib/db/schema';
import { api } from './support/api-client';
import { createBookingVia, createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

/*
 * Payment links and transactions have no API until the next issue, so these
 * tests write the two rows a merge must move straight into the tables.
 */
async function addMoney(organisationId: string, bookingId: string) {
  const db = await getDb();
  const [link] = await db
    .insert(paymentLinks)
    .values({
      organisationId,
      bookingId,
      customerName: 'Jane',
      email: 'jane@example.com',
      amount: 5000,
      expiresAt: new Date(Date.now() + 86_400_000),
      options: {
        authorisation_only: false,
        surcharging_enabled: true,
        dcc_enabled: false,
        excluded_card_types: [],
        excluded_card_regions: [],
        hide_store_card: false,
        store_card_forced: false,
      },
    })
    .returning();
  const [transaction] = await db
    .insert(transactions)
    .values({
      organisationId,
      bookingId,
      paymentLinkId: link!.id,
      amount: 5000,
      status: 'COMPLETE',
      completedAt: new Date(),
    })
    .returning();
  return { linkId: link!.id, transactionId: transaction!.id };
}

describe('POST /agent/bookings/{id}/update-reference', () => {
  it('renames when the reference is free, answering {}', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createBookingVia(admin.token, parentId, { booking_reference: 'OLD-1' });
    const response = await api.post(
      `/agent/bookings/${id}/update-reference`,
      { booking_reference: 'NEW-1' },
      { token: admin.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({});
    expect((await api.get(`/agent/bookings/${id}`, { token: admin.token })).body.data.booking_reference).toBe('NEW-1');
  });

  it('lets a booking change only the case of its own reference', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createBookingVia(admin.token, parentId, { booking_reference: 'case-1' });
    const response = await api.post(
      `/agent/bookings/${id}/update-reference`,
      { booking_reference: 'CASE-1' },
      { token: admin.token },
    );
    expect(response.body.data).toEqual({});
    expect((await api.get(`/agent/bookings/${id}`, { token: admin.token })).body.data.booking_reference).toBe('CASE-1');
  });

  it('merges into the booking that has the reference, moving transactions and payment links', async () => {
    const { admin, parentId } = await createTenant();
    const survivor = await createBookingVia(admin.token, parentId, { booking_reference: 'KEEP-1' });
    const merged = await createBookingVia(admin.token, parentId, { booking_reference: 'GONE-1' });
    const money = await addMoney(parentId, merged);
    const response = await api.post(
      `/agent/bookings/${merged}/update-reference`,
      { booking_reference: 'keep-1' },
      { token: admin.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ new_booking_id: survivor });
    expect((await api.get(`/agent/bookings/${merged}`, { token: admin.token })).status).toBe(404);
    const booking = (await api.get(`/agent/bookings/${survivor}`, { token: admin.token })).body.data;
    expect(booking.transactions.map((t: { id: string }) => t.id)).toEqual([money.transactionId]);
    expect(booking.payment_links.map((l: { id: string }) => l.id)).toEqual([money.linkId]);
    const db = await getDb();
    const [row] = await db.select().from(transactions).where(eq(transactions.id, money.transactionId));
    expect(row!.bookingId).toBe(survivor);
    const audit = await api.post(
      '/audit',
      { organisation: parentId, keyword: 'booking:merge' },
      { token: admin.token },
    );
    expect(audit.body.data.map((a: { entity_id: string }) => a.entity_id)).toEqual([survivor]);
  });

  it('does not merge across organisations', async () => {
    const { admin, parentId, childId } = await createTenant();
    const inChild = await createBookingVia(admin.token, childId, { booking_reference: 'SHARED-1' });
    const inParent = await createBookingVia(admin.token, parentId, { booking_reference: 'OTHER-1' });
    const response = await api.post(
      `/agent/bookings/${inParent}/update-reference`,
      { booking_reference: 'SHARED-1' },
      { token: admin.token },
    );
    expect(response.body.data).toEqual({});
    expect((await api.get(`/agent/bookings/${inChild}`, { token: admin.token })).status).toBe(200);
  });

  it('answers 422 without a reference, 404 for unknown or foreign bookings, 403 without the role', async () => {
    const tenant = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const id = await createBookingVia(tenant.admin.token, tenant.parentId);
    const missing = await api.post(`/agent/bookings/${id}/update-reference`, {}, { token: tenant.admin.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].message).toBe('booking_reference is required.');
    expect(
      (
        await api.post(
          '/agent/bookings/00000000-0000-4000-8000-000000000000/update-reference',
          { booking_reference: 'X' },
          { token: tenant.admin.token },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await api.post(
          `/agent/bookings/${id}/update-reference`,
          { booking_reference: 'X' },
          { token: theirs.admin.token },
        )
      ).status,
    ).toBe(404);
    const reader = await tenant.makeCaller({ roles: [], organisationId: tenant.parentId });
    expect(
      (await api.post(`/agent/bookings/${id}/update-reference`, { booking_reference: 'X' }, { token: reader.token }))
        .status,
    ).toBe(403);
  });
});
