import { describe, expect, it } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { api } from '../support/api-client';
import { createBookingVia, createTenant, tokenFor } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

describe('PUT /agent/payment-links (create)', () => {
  it('creates a link with the interface defaults', async () => {
    const { admin, parentId } = await createTenant();
    const created = await api.put(
      '/agent/payment-links',
      { organisation: parentId, customer_name: 'Jane', email: 'jane@example.com', amount: 12345 },
      { token: admin.token },
    );
    expect(created.status).toBe(200);
    const link = (await api.get(`/agent/payment-links/${created.body.data.id}`, { token: admin.token })).body.data;
    expect(link).toMatchObject({
      amount: 12345,
      currency: 'GBX',
      status: 'active',
      methods: { card: true, open_banking: false },
      type: { id: 'UNKNOWN' },
      options: {
        pre_authorized: false,
        surcharging_enabled: true,
        dcc_enabled: false,
        excluded_card_types: [],
        excluded_card_regions: [],
        hide_store_card: false,
        store_card_forced: false,
      },
      booking: null,
      transactions: [],
      user: { id: admin.userId },
      organisation: { id: parentId },
    });
    expect(link.url).toMatch(new RegExp(`/${link.id}$`));
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it('takes every option, a booking, a customer, redirect URLs and a date expiry at the end of that day', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const customer = await api.put(
      '/agent/customers',
      { organisation: parentId, customer_name: 'C', address_1: '1 Road' },
      { token: admin.token },
    );
    const id = await createLinkVia(admin.token, parentId, {
      booking_id: bookingId,
      customer_id: customer.body.data.id,
      open_banking_enabled: true,
      card_enabled: true,
      description: 'Deposit',
      expires_at: '2099-01-31',
      currency: 'EUX',
      authorisation_only: true,
      surcharging_enabled: false,
      dcc_enabled: true,
      excluded_card_types: ['AMEX'],
      excluded_card_regions: ['INTER'],
      hide_store_card: true,
      store_card_forced: false,
      type: 'DEPOSIT',
      success_url: 'https://agent.example.com/ok',
      failure_url: 'https://agent.example.com/no',
      cancel_url: 'https://agent.example.com/cancel',
    });
    const link = (await api.get(`/agent/payment-links/${id}`, { token: admin.token })).body.data;
    expect(link).toMatchObject({
      currency: 'EUX',
      description: 'Deposit',
      methods: { card: true, open_banking: true },
      type: { id: 'DEPOSIT' },
      expires_at: '2099-01-31T23:59:59.999Z',
      booking: { id: bookingId },
      customer: { id: customer.body.data.id, address_1: '1 Road' },
      options: {
        pre_authorized: true,
        surcharging_enabled: false,
        dcc_enabled: true,
        excluded_card_types: ['AMEX'],
        excluded_card_regions: ['INTER'],
        hide_store_card: true,
      },
      success_url: 'https://agent.example.com/ok',
    });
    const typeId = await createLinkVia(admin.token, parentId, { type_id: 'BALANCE', type: 'IGNORED' });
    expect((await api.get(`/agent/payment-links/${typeId}`, { token: admin.token })).body.data.type.id).toBe('BALANCE');
    const booking = (await api.get(`/agent/bookings/${bookingId}`, { token: admin.token })).body.data;
    expect(booking.payment_links.map((l: { id: string }) => l.id)).toEqual([id]);
  });

  it('refuses bad input with one entry per field', async () => {
    const { admin, parentId } = await createTenant();
    const response = await api.put(
      '/agent/payment-links',
      {
        organisation: parentId,
        email: 'x',
        amount: 0,
        excluded_card_types: ['DINERS'],
        success_url: 'javascript:alert(1)',
        expires_at: 'soon',
      },
      { token: admin.token },
    );
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { message: string }) => e.message.split(' ')[0]).sort()).toEqual([
      'amount',
      'customer_name',
      'email',
      'excluded_card_types.0',
      'expires_at',
      'success_url',
    ]);
  });

  it('refuses a past expiry, no method at all, and every card excluded without open banking', async () => {
    const { admin, parentId } = await createTenant();
    const base = { organisation: parentId, customer_name: 'J', email: 'j@example.com', amount: 100 };
    expect(
      (await api.put('/agent/payment-links', { ...base, expires_at: '2001-01-01' }, { token: admin.token })).status,
    ).toBe(422);
    expect(
      (await api.put('/agent/payment-links', { ...base, card_enabled: false }, { token: admin.token })).status,
    ).toBe(422);
    expect(
      (
        await api.put(
          '/agent/payment-links',
          { ...base, excluded_card_types: ['AMEX', 'VISA', 'MASTER'] },
          { token: admin.token },
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await api.put(
          '/agent/payment-links',
          { ...base, excluded_card_types: ['AMEX', 'VISA', 'MASTER'], open_banking_enabled: true },
          { token: admin.token },
        )
      ).status,
    ).toBe(200);
  });

  it('needs the payment role, an accessible organisation, and a booking of that organisation', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const base = { customer_name: 'J', email: 'j@example.com', amount: 100 };
    const reader = await mine.makeCaller({ roles: [], organisationId: mine.parentId });
    expect(
      (await api.put('/agent/payment-links', { ...base, organisation: mine.parentId }, { token: reader.token })).status,
    ).toBe(403);
    expect(
      (await api.put('/agent/payment-links', { ...base, organisation: theirs.parentId }, { token: mine.admin.token }))
        .status,
    ).toBe(403);
    const theirBooking = await createBookingVia(theirs.admin.token, theirs.parentId);
    expect(
      (
        await api.put(
          '/agent/payment-links',
          { ...base, organisation: mine.parentId, booking_id: theirBooking },
          { token: mine.admin.token },
        )
      ).status,
    ).toBe(404);
  });
});

describe('payment link status, get, delete and assign', () => {
  it('is paid after a payment, expired after its expiry, and a foreign id is 404', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const paid = await createLinkVia(mine.admin.token, mine.parentId);
    expect((await pay(paid)).outcome).toBe('paid');
    const link = (await api.get(`/agent/payment-links/${paid}`, { token: mine.admin.token })).body.data;
    expect(link.status).toBe('paid');
    expect(link.transactions).toHaveLength(1);
    expect(link.transactions[0]).toMatchObject({ amount: 10000, status: 'COMPLETE' });
    const expiring = await createLinkVia(mine.admin.token, mine.parentId);
    try {
      setClockOffset(31 * 86_400_000);
      const token = await tokenFor(mine.admin.publicKey, mine.admin.privateKey);
      expect((await api.get(`/agent/payment-links/${expiring}`, { token })).body.data.status).toBe('expired');
    } finally {
      setClockOffset(0);
    }
    expect((await api.get(`/agent/payment-links/${paid}`, { token: theirs.admin.token })).status).toBe(404);
    expect(
      (await api.get('/agent/payment-links/00000000-0000-4000-8000-000000000000', { token: mine.admin.token })).status,
    ).toBe(404);
  });

  it('deletes only while no transaction was made', async () => {
    const { admin, parentId } = await createTenant();
    const unused = await createLinkVia(admin.token, parentId);
    expect((await api.delete(`/agent/payment-links/${unused}`, { token: admin.token })).body).toMatchObject({
      data: {},
    });
    expect((await api.get(`/agent/payment-links/${unused}`, { token: admin.token })).status).toBe(404);
    const declined = await createLinkVia(admin.token, parentId);
    await pay(declined, '4000 0000 0000 0002');
    const refused = await api.delete(`/agent/payment-links/${declined}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('checkout.has_transactions');
  });

  it('assigns a link and its payments to a booking of the same organisation', async () => {
    const { admin, parentId, childId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId);
    await pay(id);
    const bookingId = await createBookingVia(admin.token, parentId);
    expect(
      (await api.post(`/agent/payment-links/${id}/assign`, { booking_id: bookingId }, { token: admin.token })).status,
    ).toBe(200);
    const booking = (await api.get(`/agent/bookings/${bookingId}`, { token: admin.token })).body.data;
    expect(booking.payment_links.map((l: { id: string }) => l.id)).toEqual([id]);
    expect(booking.transactions).toHaveLength(1);
    const childBooking = await createBookingVia(admin.token, childId);
    expect(
      (await api.post(`/agent/payment-links/${id}/assign`, { booking_id: childBooking }, { token: admin.token }))
        .status,
    ).toBe(404);
    expect((await api.post(`/agent/payment-links/${id}/assign`, {}, { token: admin.token })).status).toBe(422);
  });
});

describe('POST /agent/payment-links (list)', () => {
  it('filters by booking reference keyword, booking existence and creation dates, newest first', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId, { booking_reference: 'HOLS-77' });
    const withBooking = await createLinkVia(admin.token, parentId, { booking_id: bookingId });
    const without = await createLinkVia(admin.token, parentId);
    const all = await api.post('/agent/payment-links', { organisation: parentId }, { token: admin.token });
    expect(all.body.data.map((l: { id: string }) => l.id)).toEqual([without, withBooking]);
    const keyword = await api.post(
      '/agent/payment-links',
      { organisation: parentId, keyword: 'hols' },
      { token: admin.token },
    );
    expect(keyword.body.data.map((l: { id: string }) => l.id)).toEqual([withBooking]);
    const noBooking = await api.post(
      '/agent/payment-links',
      { organisation: parentId, filter_booking_exists: false },
      { token: admin.token },
    );
    expect(noBooking.body.data.map((l: { id: string }) => l.id)).toEqual([without]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await api.post(
          '/agent/payment-links',
          { organisation: parentId, date_from: today, date_to: today },
          { token: admin.token },
        )
      ).body.data,
    ).toHaveLength(2);
    expect(
      (
        await api.post(
          '/agent/payment-links',
          { organisation: parentId, date_to: '2001-01-01' },
          { token: admin.token },
        )
      ).body.data,
    ).toHaveLength(0);
    expect(
      (await api.post('/agent/payment-links', { organisation: parentId, take: 26 }, { token: admin.token })).status,
    ).toBe(422);
  });
});
