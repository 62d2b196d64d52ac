import { describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { sdk } from './felloh-sdk';

withTestDatabase();

async function paidTransaction(token: string, organisation: string, extra: Record<string, unknown> = {}) {
  const link = await createLinkVia(token, organisation, extra);
  return ((await pay(link)) as { transactionId: string }).transactionId;
}

describe('Felloh SDK: transactions', () => {
  it('get (GET /agent/transactions/{id}) answers the Transaction object exactly as the list shows it', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const bookingId = (
      await client.bookings.create({
        organisation: parentId,
        booking_reference: 'T-1',
        customer_name: 'Jane',
        email: 'jane@example.com',
      })
    ).data.id;
    const id = await paidTransaction(admin.token, parentId, { booking_id: bookingId });
    const fetched = (await client.transactions.get(id)).data;
    const listed = (await client.transactions.list({ organisation: parentId })).data;
    expect(listed).toEqual([fetched]);
    expect(fetched).toMatchObject({
      id,
      amount: 10000,
      currency: 'GBX',
      status: 'COMPLETE',
      type: 'CARD',
      booking_reference: 'T-1',
      booking: { id: bookingId, booking_reference: 'T-1' },
      payment_link: { id: expect.any(String) },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("get answers 404 for an unknown id and for another organisation's transaction", async () => {
    const mine = await createTenant();
    const theirs = await createTenant();
    const id = await paidTransaction(theirs.admin.token, theirs.parentId);
    await expect(sdk(mine.admin.token).transactions.get(id)).rejects.toMatchObject({ status: 404 });
    await expect(sdk(mine.admin.token).transactions.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    await expect(sdk(mine.admin.token).transactions.get('not-a-uuid')).rejects.toMatchObject({ status: 422 });
  });

  it('list and listAll count every matching transaction; refund, complete, reverse and reassign take the SDK requests', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const captured = await paidTransaction(admin.token, parentId);
    const held = await paidTransaction(admin.token, parentId, { authorisation_only: true });
    const heldToo = await paidTransaction(admin.token, parentId, { authorisation_only: true });
    const page = await client.transactions.list({ organisation: parentId, take: 1 });
    expect(page.meta).toMatchObject({ count: 3, has_more: true });
    expect(
      (await client.transactions.list({ organisation: parentId, statuses: ['PENDING'], take: 1 })).meta.count,
    ).toBe(2);
    expect((await client.transactions.listAll({ organisation: parentId })).map((t) => t.id).sort()).toEqual(
      [captured, held, heldToo].sort(),
    );

    // RefundTransactionParams: amount, description, metadata.
    await client.transactions.refund(captured, { amount: 2500, description: 'Goodwill', metadata: { ticket: 'T-9' } });
    expect((await client.transactions.complete(held)).data).toMatchObject({ id: held, status: 'COMPLETE' });
    expect((await client.transactions.reverse(heldToo)).data).toMatchObject({ id: heldToo, status: 'REVERSED' });
    const target = (
      await client.bookings.create({
        organisation: parentId,
        booking_reference: 'T-2',
        customer_name: 'Jane',
        email: 'jane@example.com',
      })
    ).data.id;
    await client.transactions.reassign(held, { booking_id: target });
    expect((await client.transactions.get(held)).data.booking).toEqual({ id: target, booking_reference: 'T-2' });
  });
});

describe('Felloh SDK: refunds', () => {
  it('list with the total count, authorise and decline by authorisation code', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const id = await paidTransaction(admin.token, parentId);
    await client.transactions.refund(id, { amount: 1000 });
    await client.transactions.refund(id, { amount: 2000 });
    const page = await client.refunds.list({ organisation: parentId, take: 1 });
    expect(page.meta).toMatchObject({ count: 2, has_more: true });
    const all = await client.refunds.listAll({ organisation: parentId });
    expect(all.map((r) => r.amount).sort()).toEqual([1000, 2000]);
    const [first, second] = all.map((r) => r.authorization_code as string);
    expect((await client.refunds.authorise(first!)).data).toMatchObject({
      authorization_code: first,
      status: 'COMPLETE',
    });
    expect((await client.refunds.decline(second!)).data).toMatchObject({
      authorization_code: second,
      status: 'DECLINED',
    });
    expect((await api.get(`/agent/refunds/${second}/decline`, { token: admin.token })).status).toBe(409);
  });
});
