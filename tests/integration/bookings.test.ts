import { describe, expect, it } from 'vitest';
import { api } from './support/api-client';
import { createBookingVia, createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

const newBooking = (organisation: string, extra: Record<string, unknown> = {}) => ({
  organisation,
  booking_reference: `BK-${Math.random().toString(36).slice(2, 10)}`,
  customer_name: 'Jane Traveller',
  email: 'jane@example.com',
  ...extra,
});

describe('PUT /agent/bookings (create)', () => {
  it('creates a booking with its customer, creator and defaults', async () => {
    const { admin, parentId } = await createTenant();
    const body = newBooking(parentId, {
      departure_date: '2027-05-01',
      return_date: '2027-05-08',
      gross_amount: 123456,
      package_type: 'PACKAGE',
    });
    const response = await api.put('/agent/bookings', body, { token: admin.token });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({
      booking_reference: body.booking_reference,
      customer_name: 'Jane Traveller',
      email: 'jane@example.com',
      currency: 'GBX',
      gross_amount: 123456,
      departure_date: '2027-05-01',
      return_date: '2027-05-08',
      organisation: { id: parentId },
      user: { id: admin.userId },
      is_temporary: false,
      atol_receipt_number: null,
      package_type: { id: 'PACKAGE' },
      transactions: [],
      payment_links: [],
      scheduled_transactions: [],
      components: [],
    });
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.customer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('returns the existing booking with 200 for a duplicate reference, creating nothing', async () => {
    const { admin, parentId } = await createTenant();
    const body = newBooking(parentId);
    const first = await api.put('/agent/bookings', body, { token: admin.token });
    const second = await api.put(
      '/agent/bookings',
      { ...body, booking_reference: body.booking_reference.toLowerCase(), customer_name: 'Someone Else' },
      { token: admin.token },
    );
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.customer_name).toBe('Jane Traveller');
    const list = await api.post('/agent/bookings', { organisation: parentId }, { token: admin.token });
    expect(list.body.data).toHaveLength(1);
  });

  it('makes one booking when two requests with one reference race', async () => {
    const { admin, parentId } = await createTenant();
    const body = newBooking(parentId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.put('/agent/bookings', body, { token: admin.token })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const list = await api.post('/agent/bookings', { organisation: parentId }, { token: admin.token });
    expect(list.body.data).toHaveLength(1);
  });

  it('allows the same reference in two organisations', async () => {
    const { admin, parentId, childId } = await createTenant();
    const a = await api.put('/agent/bookings', newBooking(parentId, { booking_reference: 'SAME-1' }), {
      token: admin.token,
    });
    const b = await api.put('/agent/bookings', newBooking(childId, { booking_reference: 'SAME-1' }), {
      token: admin.token,
    });
    expect(a.body.data.id).not.toBe(b.body.data.id);
  });

  it('answers 422 with one entry per invalid field', async () => {
    const { admin, parentId } = await createTenant();
    const response = await api.put(
      '/agent/bookings',
      { organisation: parentId, email: 'not-an-email', currency: 'XXX', gross_amount: 12.5 },
      { token: admin.token },
    );
    expect(response.status).toBe(422);
    expect(response.body.meta).toMatchObject({ code: 422, reason: 'Unprocessable Entity' });
    const byCode = Object.fromEntries(
      response.body.errors.map((e: { message: string; code: string }) => [e.message.split(' ')[0], e.code]),
    );
    expect(byCode).toEqual({
      booking_reference: 'validation.required',
      customer_name: 'validation.required',
      email: 'validation.invalid_format',
      currency: 'validation.invalid_value',
      gross_amount: 'validation.invalid_type',
    });
  });

  it('refuses a return date before the departure date', async () => {
    const { admin, parentId } = await createTenant();
    const response = await api.put(
      '/agent/bookings',
      newBooking(parentId, { departure_date: '2027-05-08', return_date: '2027-05-01' }),
      { token: admin.token },
    );
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toContain('return_date');
  });

  it('needs booking-and-payment:create:booking', async () => {
    const tenant = await createTenant();
    const reader = await tenant.makeCaller({ roles: [], organisationId: tenant.parentId });
    const response = await api.put('/agent/bookings', newBooking(tenant.parentId), { token: reader.token });
    expect(response.status).toBe(403);
    expect(response.body.errors[0]).toMatchObject({ code: 'auth.missing_role', type: 'authorisation_error' });
    expect(response.body.errors[0].message).toContain('booking-and-payment:create:booking');
  });

  it("refuses another organisation's id with 403 and creates nothing there", async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const response = await api.put('/agent/bookings', newBooking(theirs.parentId), { token: mine.admin.token });
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('auth.organisation_forbidden');
    expect(response.body.data).toEqual({});
    const unknown = await api.put('/agent/bookings', newBooking('org_does_not_exist'), { token: mine.admin.token });
    expect(unknown.status).toBe(403);
    expect(unknown.body.errors[0].message.replace('org_does_not_exist', 'X')).toBe(
      response.body.errors[0].message.replace(theirs.parentId, 'X'),
    );
    const theirList = await api.post(
      '/agent/bookings',
      { organisation: theirs.parentId },
      { token: theirs.admin.token },
    );
    expect(theirList.body.data).toHaveLength(0);
  });
});

describe('GET /agent/bookings/{id}', () => {
  it('returns the booking with components and every relation', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createBookingVia(admin.token, parentId);
    const response = await api.get(`/agent/bookings/${id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id,
      components: [],
      transactions: [],
      payment_links: [],
      scheduled_transactions: [],
      user: { id: admin.userId },
    });
    expect(response.body.data.user.email).toContain('@');
  });

  it('answers 404 for an unknown id, 422 for a malformed one, and 404 for another organisation', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    expect(
      (await api.get('/agent/bookings/00000000-0000-4000-8000-000000000000', { token: mine.admin.token })).status,
    ).toBe(404);
    const malformed = await api.get('/agent/bookings/not-a-uuid', { token: mine.admin.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].message).toBe('booking_id must be a valid UUID.');
    const theirBooking = await createBookingVia(theirs.admin.token, theirs.parentId);
    const foreign = await api.get(`/agent/bookings/${theirBooking}`, { token: mine.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toEqual({});
  });

  it("lets a parent key read its child's booking, but not a child key the parent's", async () => {
    const tenant = await createTenant();
    const childCaller = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.childId,
    });
    const childBooking = await createBookingVia(childCaller.token, tenant.childId);
    const parentBooking = await createBookingVia(tenant.admin.token, tenant.parentId);
    expect((await api.get(`/agent/bookings/${childBooking}`, { token: tenant.admin.token })).status).toBe(200);
    expect((await api.get(`/agent/bookings/${parentBooking}`, { token: childCaller.token })).status).toBe(404);
  });
});

describe('POST /agent/bookings/{id} (update)', () => {
  it('updates fields, taking gross_value in minor units', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createBookingVia(admin.token, parentId);
    const response = await api.post(
      `/agent/bookings/${id}`,
      { gross_value: 99999, atol_receipt_number: 'ATOL-1', customer_name: 'New Name', departure_date: '2027-01-02' },
      { token: admin.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({});
    const booking = (await api.get(`/agent/bookings/${id}`, { token: admin.token })).body.data;
    expect(booking).toMatchObject({
      gross_amount: 99999,
      atol_receipt_number: 'ATOL-1',
      customer_name: 'New Name',
      departure_date: '2027-01-02',
      email: 'jane@example.com',
    });
  });

  it('takes the deprecated gross_amount in major units and multiplies it by 100', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createBookingVia(admin.token, parentId);
    await api.post(`/agent/bookings/${id}`, { gross_amount: 123.45 }, { token: admin.token });
    expect((await api.get(`/agent/bookings/${id}`, { token: admin.token })).body.data.gross_amount).toBe(12345);
    await api.post(`/agent/bookings/${id}`, { gross_amount: 1, gross_value: 500 }, { token: admin.token });
    expect((await api.get(`/agent/bookings/${id}`, { token: admin.token })).body.data.gross_amount).toBe(500);
  });

  it('answers 422 for bad fields and 404 for unknown or foreign bookings', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const id = await createBookingVia(mine.admin.token, mine.parentId);
    const bad = await api.post(`/agent/bookings/${id}`, { gross_value: -1, email: 'x' }, { token: mine.admin.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveLength(2);
    expect(
      (
        await api.post(
          '/agent/bookings/00000000-0000-4000-8000-000000000000',
          { customer_name: 'X' },
          { token: mine.admin.token },
        )
      ).status,
    ).toBe(404);
    const foreign = await api.post(`/agent/bookings/${id}`, { customer_name: 'Hijack' }, { token: theirs.admin.token });
    expect(foreign.status).toBe(404);
    expect((await api.get(`/agent/bookings/${id}`, { token: mine.admin.token })).body.data.customer_name).toBe(
      'Jane Traveller',
    );
  });
});

describe('DELETE /agent/bookings/{id}', () => {
  it('soft-deletes for a key with the delete role; the booking then answers 404', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createBookingVia(admin.token, parentId);
    const response = await api.delete(`/agent/bookings/${id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({});
    expect((await api.get(`/agent/bookings/${id}`, { token: admin.token })).status).toBe(404);
    expect((await api.delete(`/agent/bookings/${id}`, { token: admin.token })).status).toBe(404);
    expect(
      (await api.post('/agent/bookings', { organisation: parentId }, { token: admin.token })).body.data,
    ).toHaveLength(0);
  });

  it('lets the creator delete without the role, and refuses another user without it', async () => {
    const tenant = await createTenant();
    const creator = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    const colleague = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    const own = await createBookingVia(creator.token, tenant.parentId);
    const refused = await api.delete(`/agent/bookings/${own}`, { token: colleague.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('booking.delete_forbidden');
    expect((await api.get(`/agent/bookings/${own}`, { token: creator.token })).status).toBe(200);
    expect((await api.delete(`/agent/bookings/${own}`, { token: creator.token })).status).toBe(200);
  });

  it('frees the reference: a new booking may take it', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createBookingVia(admin.token, parentId, { booking_reference: 'REUSE-1' });
    await api.delete(`/agent/bookings/${id}`, { token: admin.token });
    const again = await api.put('/agent/bookings', newBooking(parentId, { booking_reference: 'REUSE-1' }), {
      token: admin.token,
    });
    expect(again.body.data.id).not.toBe(id);
  });
});
