import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_MINOR_UNITS } from '@/lib/core/shared/money-schema';
import { api, call } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const booking = (organisation: string, extra: Record<string, unknown> = {}) => ({
  organisation,
  booking_reference: `REF-${randomUUID().slice(0, 8)}`,
  customer_name: 'Jane Traveller',
  email: 'jane@example.com',
  ...extra,
});
const codesOf = (response: { body: { errors: { code: string; message: string }[] } }) =>
  response.body.errors.map((e) => e.code);

describe('control characters', () => {
  it('answer 422 naming the field, wherever text is accepted', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const cases = [
      ['PUT', '/agent/bookings', booking(parentId, { booking_reference: 'REF\u0000-1' }), 'booking_reference'],
      ['PUT', '/agent/bookings', booking(parentId, { customer_name: 'Jane\u001b[31m' }), 'customer_name'],
      ['POST', `/agent/bookings/${bookingId}`, { customer_name: 'A\u0007' }, 'customer_name'],
      ['POST', `/agent/bookings/${bookingId}/update-reference`, { booking_reference: 'X\u0000' }, 'booking_reference'],
      ['POST', '/agent/bookings', { organisation: parentId, keyword: 'a\u0000' }, 'keyword'],
      [
        'PUT',
        '/agent/payment-links',
        { organisation: parentId, customer_name: 'J', email: 'j@example.com', amount: 100, description: 'line\u0085' },
        'description',
      ],
      [
        'PUT',
        '/agent/customers',
        { organisation: parentId, customer_name: 'J\u0000', email: 'j@example.com' },
        'customer_name',
      ],
      ['POST', '/token', { public_key: 'pk\u0000', private_key: 'sk' }, 'public_key'],
      ['PUT', '/agent/bookings', booking(parentId, { customer_name: 'broken \ud800 surrogate' }), 'customer_name'],
    ] as const;
    for (const [method, path, body, field] of cases) {
      const response = await call(method, path, { token: admin.token, body });
      expect(response.status, `${method} ${path} ${field}`).toBe(422);
      expect(response.body.errors[0]).toMatchObject({ code: 'validation.invalid_characters' });
      expect(response.body.errors[0].message).toMatch(new RegExp(`^${field} must not contain control characters`));
    }
    // A path parameter goes through the same check.
    const inPath = await api.get(`/agent/refunds/${encodeURIComponent('code\u0000')}/authorise`, {
      token: admin.token,
    });
    expect(inPath.status).toBe(422);
  });

  it('allows tab, line feed and carriage return', async () => {
    const { admin, parentId } = await createTenant();
    const response = await api.put(
      '/agent/payment-links',
      {
        organisation: parentId,
        customer_name: 'J',
        email: 'j@example.com',
        amount: 100,
        description: 'two\r\nlines\tand a tab',
      },
      { token: admin.token },
    );
    expect(response.status).toBe(200);
  });
});

describe('package_type', () => {
  it('is one of the known types (any case); anything else is a 422, not a new type', async () => {
    const { admin, parentId } = await createTenant();
    const known = await api.put('/agent/bookings', booking(parentId, { package_type: 'flight_only' }), {
      token: admin.token,
    });
    expect(known.status).toBe(200);
    expect(known.body.data.package_type.id).toBe('FLIGHT_ONLY');
    const unknown = await api.put('/agent/bookings', booking(parentId, { package_type: 'SPACE_TRIP' }), {
      token: admin.token,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'validation.invalid_value' });
    expect(unknown.body.errors[0].message).toMatch(/^package_type must be one of: PACKAGE, FLIGHT_ONLY/);
    const update = await api.post(
      `/agent/bookings/${known.body.data.id}`,
      { package_type: 'SPACE_TRIP' },
      { token: admin.token },
    );
    expect(update.status).toBe(422);
  });
});

describe('money fields', () => {
  it(`accept at most ${MAX_MINOR_UNITS} minor units everywhere money is accepted`, async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const over = MAX_MINOR_UNITS + 1;
    const link = { organisation: parentId, customer_name: 'J', email: 'j@example.com' };
    const cases = [
      ['PUT', '/agent/bookings', booking(parentId, { gross_amount: over }), 'gross_amount'],
      ['POST', `/agent/bookings/${bookingId}`, { gross_value: over }, 'gross_value'],
      ['POST', `/agent/bookings/${bookingId}`, { gross_amount: MAX_MINOR_UNITS / 100 + 1 }, 'gross_amount'],
      ['PUT', '/agent/payment-links', { ...link, amount: over }, 'amount'],
      ['PUT', '/agent/ecommerce', { ...link, amount: over }, 'amount'],
      ['POST', `/agent/transactions/${randomUUID()}/refund`, { amount: over }, 'amount'],
      ['PUT', '/agent/credit-notes', { booking_id: bookingId, amount: over }, 'amount'],
      ['POST', `/payment/booking/${bookingId}/payment`, { token: 'tok', amount: over }, 'amount'],
      ['PUT', '/agent/bookings', booking(parentId, { gross_amount: 2 ** 53 }), 'gross_amount'],
    ] as const;
    for (const [method, path, body, field] of cases) {
      const response = await call(method, path, { token: admin.token, body });
      expect(response.status, `${method} ${path}`).toBe(422);
      expect(
        response.body.errors.find((e: { message: string }) => e.message.startsWith(`${field} `)),
        `${method} ${path}`,
      ).toMatchObject({ code: 'validation.too_big' });
    }
    expect(
      codesOf(await api.put('/agent/payment-links', { ...link, amount: MAX_MINOR_UNITS }, { token: admin.token })),
    ).toEqual([]);
    expect(
      (await api.post(`/agent/bookings/${bookingId}`, { gross_value: MAX_MINOR_UNITS }, { token: admin.token })).status,
    ).toBe(200);
  });
});
