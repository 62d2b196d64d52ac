import { describe, expect, it } from 'vitest';
import { createTenant } from '../support/fixtures';
import { pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { sdk, SdkError } from './felloh-sdk';

withTestDatabase();

const linkParams = (organisation: string, extra: Record<string, unknown> = {}) => ({
  customer_name: 'Jane Traveller',
  email: 'jane@example.com',
  organisation,
  amount: 10000,
  type: 'DEPOSIT',
  ...extra,
});

describe('Felloh SDK: paymentLinks', () => {
  it('create (with `type`), get, list, listAll with the total count, delete', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await client.paymentLinks.create(linkParams(parentId, { description: `Link ${i}` }))).data.id);
    const link = (await client.paymentLinks.get(ids[0]!)).data;
    expect(link).toMatchObject({
      id: ids[0],
      customer_name: 'Jane Traveller',
      email: 'jane@example.com',
      amount: 10000,
      currency: 'GBX',
      description: 'Link 0',
      organisation: { id: parentId, name: expect.any(String) },
    });
    const page = await client.paymentLinks.list({ organisation: parentId, take: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ count: 3, has_more: true });
    expect((await client.paymentLinks.listAll({ organisation: parentId })).map((l) => l.id).sort()).toEqual(
      [...ids].sort(),
    );
    expect((await client.paymentLinks.delete(ids[2]!)).data).toEqual({});
    expect((await client.paymentLinks.list({ organisation: parentId, take: 1 })).meta.count).toBe(2);
  });

  it('assign with organisation, customer_name, email, booking_reference creates that booking, or finds it, and moves the payments', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const first = (await client.paymentLinks.create(linkParams(parentId))).data.id;
    const paid = (await pay(first)) as { transactionId: string };
    const assign = {
      organisation: parentId,
      customer_name: 'Sam Group',
      email: 'sam@example.com',
      booking_reference: 'ASSIGN-1',
      departure_date: '2027-03-01',
      gross_amount: 250000,
    };
    expect((await client.paymentLinks.assign(first, assign)).data).toEqual({});
    const bookings = (await client.bookings.list({ organisation: parentId, booking_reference: 'ASSIGN-1' })).data;
    expect(bookings).toHaveLength(1);
    const booking = (await client.bookings.get(bookings[0].id)).data;
    expect(booking).toMatchObject({
      booking_reference: 'ASSIGN-1',
      customer_name: 'Sam Group',
      email: 'sam@example.com',
      departure_date: '2027-03-01',
      gross_amount: 250000,
    });
    expect(booking.payment_links.map((l: { id: string }) => l.id)).toEqual([first]);
    expect((await client.transactions.get(paid.transactionId)).data).toMatchObject({
      booking_id: booking.id,
      booking: { id: booking.id, booking_reference: 'ASSIGN-1' },
    });

    // The same reference (any case) again: the existing booking, nothing new.
    const second = (await client.paymentLinks.create(linkParams(parentId))).data.id;
    await client.paymentLinks.assign(second, {
      ...assign,
      booking_reference: 'assign-1',
      customer_name: 'Someone Else',
    });
    expect((await client.bookings.list({ organisation: parentId })).meta.count).toBe(1);
    expect((await client.paymentLinks.get(second)).data.booking).toMatchObject({ id: booking.id });
    // booking_id still works (the interface's body).
    const third = (await client.paymentLinks.create(linkParams(parentId))).data.id;
    await client.paymentLinks.assign(third, { booking_id: booking.id });
    expect((await client.paymentLinks.get(third)).data.booking).toMatchObject({ id: booking.id });
  });

  it('assign refuses another organisation, a missing reference and a key that may not assign, creating nothing', async () => {
    const tenant = await createTenant();
    const client = sdk(tenant.admin.token);
    const link = (await client.paymentLinks.create(linkParams(tenant.parentId))).data.id;
    const wrongOrg = (await client.paymentLinks
      .assign(link, {
        organisation: tenant.childId,
        customer_name: 'A',
        email: 'a@example.com',
        booking_reference: 'X-1',
      })
      .catch((e) => e)) as SdkError;
    expect([wrongOrg.status, wrongOrg.body.errors[0].message]).toEqual([422, expect.stringMatching(/^organisation /)]);
    const noReference = (await client.paymentLinks
      .assign(link, { organisation: tenant.parentId, customer_name: 'A', email: 'a@example.com' })
      .catch((e) => e)) as SdkError;
    expect([noReference.status, noReference.body.errors[0].message]).toEqual([
      422,
      expect.stringMatching(/^booking_id /),
    ]);
    const bookingsOnly = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    await expect(
      sdk(bookingsOnly.token).paymentLinks.assign(link, {
        organisation: tenant.parentId,
        customer_name: 'A',
        email: 'a@example.com',
        booking_reference: 'X-2',
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(
      (await client.bookings.list({ organisation: tenant.parentId, 'show-child-organisations': true })).meta.count,
    ).toBe(0);
  });
});

describe('Felloh SDK: ecommerce', () => {
  it('create, get, list with the total count, assign by booking_id, delete', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const params = {
      customer_name: 'Jane Traveller',
      email: 'jane@example.com',
      organisation: parentId,
      amount: 5000,
      card_enabled: true,
    };
    const ids = [(await client.ecommerce.create(params)).data.id, (await client.ecommerce.create(params)).data.id];
    expect((await client.ecommerce.get(ids[0])).data).toMatchObject({
      id: ids[0],
      amount: 5000,
      currency: 'GBX',
      card_enabled: true,
      organisation: parentId,
    });
    const page = await client.ecommerce.list({ organisation: parentId, take: 1 });
    expect(page.meta).toMatchObject({ count: 2, has_more: true });
    expect((await client.ecommerce.listAll({ organisation: parentId })).map((s) => s.id).sort()).toEqual(
      [...ids].sort(),
    );
    const bookingId = (
      await client.bookings.create({
        organisation: parentId,
        booking_reference: 'E-1',
        customer_name: 'Jane',
        email: 'jane@example.com',
      })
    ).data.id;
    expect((await client.ecommerce.assign(ids[0], { booking_id: bookingId })).data).toEqual({});
    expect((await client.ecommerce.get(ids[0])).data.booking_id).toBe(bookingId);
    expect((await client.ecommerce.delete(ids[1])).data).toEqual({});
  });
});
