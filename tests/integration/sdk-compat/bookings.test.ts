import { describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { sdk, SdkError } from './felloh-sdk';

withTestDatabase();

describe('Felloh SDK: token and bookings', () => {
  it('TokenManager: POST /token answers data.token and data.expiry_time in Unix seconds', async () => {
    const { admin } = await createTenant();
    const response = await api.post('/token', { public_key: admin.publicKey, private_key: admin.privateKey });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ token: expect.any(String), expiry_time: expect.any(Number) });
    expect(response.body.data.expiry_time).toBeGreaterThan(Date.now() / 1000);
    expect(response.body.data.expiry_time).toBeLessThan(Date.now() / 1000 + 61 * 3600);
  });

  it('bookings.listAll returns every booking, 27 of 27 (the pager stops at skip >= meta.count)', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const created: string[] = [];
    for (let i = 0; i < 27; i++) {
      created.push(
        (
          await client.bookings.create({
            organisation: parentId,
            booking_reference: `ALL-${i}`,
            customer_name: 'Jane Traveller',
            email: 'jane@example.com',
          })
        ).data.id,
      );
    }
    const first = await client.bookings.list({ organisation: parentId });
    expect(first.data).toHaveLength(25);
    expect(first.meta).toMatchObject({ count: 27, has_more: true });
    const all = await client.bookings.listAll({ organisation: parentId });
    expect(all.map((b) => b.id).sort()).toEqual([...created].sort());
  });

  it('create, get, list by booking_reference, update, updateReference and delete with the SDK bodies', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const created = await client.bookings.create({
      organisation: parentId,
      booking_reference: 'SDK-1',
      customer_name: 'SDK Integration Test',
      email: 'sdk-test@example.com',
      currency: 'GBX',
      gross_amount: 100000,
      departure_date: '2027-05-01',
      return_date: '2027-05-08',
    });
    const id = created.data.id;
    const fetched = (await client.bookings.get(id)).data;
    expect(fetched).toMatchObject({
      id,
      gross_amount: 100000,
      currency: 'GBX',
      email: 'sdk-test@example.com',
      customer_name: 'SDK Integration Test',
      booking_reference: 'SDK-1',
      user: { id: admin.userId, email: expect.any(String) },
      components: [],
      transactions: [],
      payment_links: [],
      scheduled_transactions: [],
      departure_date: '2027-05-01',
      return_date: '2027-05-08',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const listed = await client.bookings.list({ organisation: parentId, booking_reference: 'sdk-1' });
    expect(listed.data.map((b) => b.id)).toEqual([id]);
    expect(listed.meta.count).toBe(1);

    // UpdateBookingParams.gross_value is a string in the SDK's types.
    expect(
      (await client.bookings.update(id, { gross_value: '150000', customer_name: 'SDK Updated Name' })).data,
    ).toEqual({});
    expect((await client.bookings.get(id)).data).toMatchObject({
      gross_amount: 150000,
      customer_name: 'SDK Updated Name',
    });
    await client.bookings.update(id, { gross_value: 160000 });
    expect((await client.bookings.get(id)).data.gross_amount).toBe(160000);

    expect((await client.bookings.updateReference(id, 'SDK-1-UPDATED')).data).toEqual({});
    expect((await client.bookings.get(id)).data.booking_reference).toBe('SDK-1-UPDATED');
    expect((await client.bookings.delete(id)).data).toEqual({});
    await expect(client.bookings.get(id)).rejects.toMatchObject({ status: 404 });
  });

  it('gross_value that is not a string of digits is a 422 naming the field, and changes nothing', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const id = (
      await client.bookings.create({
        organisation: parentId,
        booking_reference: 'SDK-2',
        customer_name: 'A',
        email: 'a@example.com',
        gross_amount: 500,
      })
    ).data.id;
    for (const bad of ['12.50', '1e5', '-3', 'abc', '']) {
      const error = (await client.bookings.update(id, { gross_value: bad }).catch((e: unknown) => e)) as SdkError;
      expect(error).toBeInstanceOf(SdkError);
      expect(error.status).toBe(422);
      expect(error.body.errors[0].message).toMatch(/^gross_value /);
    }
    expect((await client.bookings.get(id)).data.gross_amount).toBe(500);
  });
});
