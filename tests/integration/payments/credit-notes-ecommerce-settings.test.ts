import { describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

describe('credit notes', () => {
  it('issues a note from what a booking holds, lists and fetches it', async () => {
    const { admin, parentId } = await createTenant();
    const from = await createBookingVia(admin.token, parentId, { booking_reference: 'CN-FROM' });
    const to = await createBookingVia(admin.token, parentId, { booking_reference: 'CN-TO' });
    await pay(await createLinkVia(admin.token, parentId, { booking_id: from, amount: 5000 }));
    const issued = await api.put(
      '/agent/credit-notes',
      { booking_id: from, amount: 3000, description: 'Cancelled excursion', applied_to_booking_id: to },
      { token: admin.token },
    );
    expect(issued.status).toBe(200);
    expect(issued.body.data).toMatchObject({
      amount: 3000,
      currency: 'GBX',
      description: 'Cancelled excursion',
      customer_name: 'Jane Traveller',
      booking_created_from: { id: from, booking_reference: 'CN-FROM' },
      booking_applied_to: { id: to, booking_reference: 'CN-TO' },
      organisation: { id: parentId },
    });
    expect(issued.body.data.short_id).toMatch(/^CN-[0-9A-F]{10}$/);
    const over = await api.put('/agent/credit-notes', { booking_id: from, amount: 2001 }, { token: admin.token });
    expect(over.status).toBe(422);
    expect(over.body.errors[0].code).toBe('credit_note.exceeds_balance');
    expect(
      (await api.put('/agent/credit-notes', { booking_id: from, amount: 2000 }, { token: admin.token })).status,
    ).toBe(200);
    const list = await api.post('/agent/credit-notes', { organisation: parentId }, { token: admin.token });
    expect(list.body.data.map((n: { amount: number }) => n.amount)).toEqual([2000, 3000]);
    expect((await api.get(`/agent/credit-notes/${issued.body.data.id}`, { token: admin.token })).body.data.id).toBe(
      issued.body.data.id,
    );
  });

  it('isolates organisations and validates input', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const booking = await createBookingVia(theirs.admin.token, theirs.parentId);
    expect(
      (await api.put('/agent/credit-notes', { booking_id: booking, amount: 1 }, { token: mine.admin.token })).status,
    ).toBe(404);
    expect(
      (await api.post('/agent/credit-notes', { organisation: theirs.parentId }, { token: mine.admin.token })).status,
    ).toBe(403);
    expect(
      (await api.get('/agent/credit-notes/00000000-0000-4000-8000-000000000000', { token: mine.admin.token })).status,
    ).toBe(404);
    expect((await api.put('/agent/credit-notes', { amount: 0 }, { token: mine.admin.token })).status).toBe(422);
    expect(
      (await api.post('/agent/credit-notes', { organisation: mine.parentId, take: 26 }, { token: mine.admin.token }))
        .status,
    ).toBe(422);
  });
});

describe('ecommerce sessions', () => {
  it('create, get, list, pay, assign and delete like links, with their own shape and a 24-hour default life', async () => {
    const { admin, parentId } = await createTenant();
    const created = await api.put(
      '/agent/ecommerce',
      {
        organisation: parentId,
        customer_name: 'Eve',
        email: 'eve@example.com',
        amount: 4999,
        open_banking_enabled: true,
      },
      { token: admin.token },
    );
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const session = (await api.get(`/agent/ecommerce/${id}`, { token: admin.token })).body.data;
    expect(session).toMatchObject({
      id,
      customer_name: 'Eve',
      email: 'eve@example.com',
      amount: 4999,
      currency: 'GBX',
      status: 'active',
      open_banking_enabled: true,
      card_enabled: true,
      booking_id: null,
      organisation: parentId,
    });
    expect(session.url).toMatch(new RegExp(`/embed/${id}$`));
    expect((Date.parse(session.expires_at) - Date.parse(session.created_at)) / 3_600_000).toBeCloseTo(24, 3);
    expect((await api.get(`/agent/payment-links/${id}`, { token: admin.token })).status).toBe(404);
    const list = await api.post('/agent/ecommerce', { organisation: parentId }, { token: admin.token });
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(
      (await api.post('/agent/payment-links', { organisation: parentId }, { token: admin.token })).body.data,
    ).toEqual([]);
    expect((await pay(id)).outcome).toBe('paid');
    expect((await api.get(`/agent/ecommerce/${id}`, { token: admin.token })).body.data.status).toBe('paid');
    const bookingId = await createBookingVia(admin.token, parentId);
    expect(
      (await api.post(`/agent/ecommerce/${id}/assign`, { booking_id: bookingId }, { token: admin.token })).status,
    ).toBe(200);
    expect((await api.get(`/agent/ecommerce/${id}`, { token: admin.token })).body.data.booking_id).toBe(bookingId);
    expect((await api.delete(`/agent/ecommerce/${id}`, { token: admin.token })).status).toBe(409);
    const unused = (
      await api.put(
        '/agent/ecommerce',
        { organisation: parentId, customer_name: 'Eve', email: 'eve@example.com', amount: 1 },
        { token: admin.token },
      )
    ).body.data.id;
    expect((await api.delete(`/agent/ecommerce/${unused}`, { token: admin.token })).status).toBe(200);
    expect(
      (await api.put('/agent/ecommerce', { organisation: parentId, amount: 1 }, { token: admin.token })).status,
    ).toBe(422);
  });
});

describe('organisation settings (extension)', () => {
  it('reads defaults, updates partially, and needs organisation:management', async () => {
    const tenant = await createTenant();
    const { admin, parentId, childId } = tenant;
    const defaults = await api.get(`/agent/organisations/${parentId}/settings`, { token: admin.token });
    expect(defaults.body.data).toMatchObject({
      country: 'GB',
      surcharge: { enabled: true, commercial_rate_bps: 150, international_rate_bps: 250 },
      dcc_enabled: true,
      approval_links_enabled: false,
      portal_domain: null,
      allowed_embed_origins: [],
    });
    const updated = await api.post(
      `/agent/organisations/${parentId}/settings`,
      {
        country: 'ie',
        surcharge: { international_rate_bps: 300 },
        brand_colour: '#112233',
        portal_domain: 'Pay.Example.com',
        allowed_embed_origins: ['https://shop.example.com/checkout'],
      },
      { token: admin.token },
    );
    expect(updated.body.data).toMatchObject({
      country: 'IE',
      surcharge: { enabled: true, commercial_rate_bps: 150, international_rate_bps: 300 },
      brand_colour: '#112233',
      portal_domain: 'pay.example.com',
      portal_domain_status: 'pending',
      portal_domain_active: null,
      allowed_embed_origins: ['https://shop.example.com'],
    });
    // A pending domain reserves nothing; once proven (the sandbox's stand-in for DNS), it is the parent's alone.
    expect(
      (await api.post(`/sandbox/organisations/${parentId}/portal-domain/verify`, {}, { token: admin.token })).status,
    ).toBe(200);
    const taken = await api.post(
      `/agent/organisations/${childId}/settings`,
      { portal_domain: 'pay.example.com' },
      { token: admin.token },
    );
    expect(taken.status).toBe(409);
    const bad = await api.post(
      `/agent/organisations/${parentId}/settings`,
      { country: 'GBR', brand_colour: 'blue', surcharge: { commercial_rate_bps: -1 } },
      { token: admin.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveLength(3);
    const agent = await tenant.makeCaller({ roles: ['booking-and-payment:create:booking'], organisationId: parentId });
    expect((await api.get(`/agent/organisations/${parentId}/settings`, { token: agent.token })).status).toBe(403);
    const other = await createTenant('Other');
    expect((await api.get(`/agent/organisations/${parentId}/settings`, { token: other.admin.token })).status).toBe(403);
  });
});
