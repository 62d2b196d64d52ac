import { describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { sdk } from './felloh-sdk';

withTestDatabase();

describe('Felloh SDK: customers and suppliers', () => {
  it('customers: create with CreateCustomerParams, list with the total count, listAll', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const ids: string[] = [];
    for (const name of ['Ann', 'Bob', 'Cat']) {
      const created = await client.customers.create({
        organisation: parentId,
        customer_name: name,
        email: `${name.toLowerCase()}@example.com`,
        address_1: '1 Road',
        city: 'Leeds',
        county: 'Yorkshire',
        post_code: 'LS1 1AA',
        country: 'GB',
      });
      ids.push(created.data.id);
    }
    const page = await client.customers.list({ organisation: parentId, take: 1 });
    expect(page.meta).toMatchObject({ count: 3, has_more: true });
    expect(page.data[0]).toMatchObject({
      id: ids[2],
      customer_name: 'Cat',
      email: 'cat@example.com',
      address_1: '1 Road',
      city: 'Leeds',
      county: 'Yorkshire',
      country: 'GB',
      post_code: 'LS1 1AA',
    });
    expect((await client.customers.list({ organisation: parentId, keyword: 'bob', take: 1 })).meta).toMatchObject({
      count: 1,
      has_more: false,
    });
    expect((await client.customers.listAll({ organisation: parentId })).map((c) => c.id).sort()).toEqual(
      [...ids].sort(),
    );
  });

  it("suppliers: create, list with the total count; each answers name (the SDK's field) and supplier_name", async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const created = (await client.suppliers.create({ organisation: parentId, supplier_name: 'Air Co' })).data;
    expect(created).toMatchObject({
      id: expect.any(String),
      name: 'Air Co',
      supplier_name: 'Air Co',
      created_at: expect.any(String),
    });
    await client.suppliers.create({ organisation: parentId, supplier_name: 'Hotel Co' });
    expect((await client.suppliers.list({ organisation: parentId, take: 1 })).meta).toMatchObject({
      count: 2,
      has_more: true,
    });
    expect((await client.suppliers.list({ organisation: parentId, keyword: 'air' })).meta.count).toBe(1);
    expect((await client.suppliers.listAll({ organisation: parentId })).map((s) => s.name).sort()).toEqual([
      'Air Co',
      'Hotel Co',
    ]);
  });
});

describe('Felloh SDK: credit notes', () => {
  it('list with the total count, listAll, get', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const bookingId = (
      await client.bookings.create({
        organisation: parentId,
        booking_reference: 'CN-1',
        customer_name: 'Jane',
        email: 'jane@example.com',
      })
    ).data.id;
    await pay(await createLinkVia(admin.token, parentId, { booking_id: bookingId }));
    // Issued through the extension (the SDK's create sends another body: see docs/felloh-sdk-compatibility.md).
    for (const amount of [1000, 2000])
      expect(
        (await api.put('/agent/credit-notes', { booking_id: bookingId, amount }, { token: admin.token })).status,
      ).toBe(200);
    const page = await client.creditNotes.list({ organisation: parentId, take: 1 });
    expect(page.meta).toMatchObject({ count: 2, has_more: true });
    const all = await client.creditNotes.listAll({ organisation: parentId });
    expect(all.map((n) => n.amount).sort()).toEqual([1000, 2000]);
    expect((await client.creditNotes.get(all[0].id)).data).toMatchObject({
      id: all[0].id,
      short_id: expect.any(String),
      customer_name: 'Jane',
      currency: 'GBX',
      organisation: { id: parentId, name: expect.any(String) },
      booking_created_from: { id: bookingId, booking_reference: 'CN-1' },
      booking_applied_to: null,
    });
  });
});

describe('Felloh SDK: scheduled payments', () => {
  it('availableTokens, createPayment (now and dated), list with the total count, listAll, delete', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    const tokens = (await client.scheduledPayments.availableTokens(bookingId)).data;
    expect(tokens).toEqual([
      expect.objectContaining({
        id: cardToken,
        cardholder_name: expect.any(String),
        bin: expect.any(String),
        card_brand: 'VISA',
        organisation_id: parentId,
      }),
    ]);
    expect((await client.scheduledPayments.createPayment(bookingId, { token: cardToken, amount: 1200 })).data).toEqual(
      {},
    );
    const later = (day: number) => new Date(Date.now() + day * 86_400_000).toISOString();
    for (const day of [2, 3, 4])
      await client.scheduledPayments.createPayment(bookingId, {
        token: cardToken,
        amount: 100 * day,
        date: later(day),
      });
    const page = await client.scheduledPayments.list({
      organisation: parentId,
      take: 1,
      sort_by: 'execute_after',
      direction: 'asc',
    });
    expect(page.meta).toMatchObject({ count: 3, has_more: true });
    expect(page.data[0]).toMatchObject({
      amount: 200,
      currency: 'GBX',
      status: 'QUEUED',
      booking: { id: bookingId },
      organisation: { id: parentId },
      execute_after: expect.any(String),
    });
    const all = await client.scheduledPayments.listAll({ organisation: parentId });
    expect(all).toHaveLength(3);
    expect((await client.scheduledPayments.delete(all[0].id)).data).toEqual({});
    expect((await client.scheduledPayments.list({ organisation: parentId, take: 1 })).meta.count).toBe(2);
  });

  it("approvalLink answers the link's url when the organisation uses approval links", async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    await api.post(
      `/agent/organisations/${parentId}/settings`,
      { approval_links_enabled: true },
      { token: admin.token },
    );
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    await client.scheduledPayments.createPayment(bookingId, {
      token: cardToken,
      amount: 900,
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    const sent = await client.scheduledPayments.approvalLink(bookingId, { amount: 900, token: cardToken });
    expect(sent.data.url).toMatch(/\/approvals\/[0-9a-f-]{36}$/);
  });
});
