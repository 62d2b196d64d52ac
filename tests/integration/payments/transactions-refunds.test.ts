import { describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

async function paidTransaction(
  token: string,
  organisation: string,
  overrides: Record<string, unknown> = {},
  number: string = cards.visa,
) {
  const link = await createLinkVia(token, organisation, overrides);
  const outcome = await pay(link, number);
  return (outcome as { transactionId: string }).transactionId;
}

describe('POST /agent/transactions (list)', () => {
  it('lists newest first and filters by statuses, keyword and dates', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId, { booking_reference: 'TRIP-9' });
    const completed = await paidTransaction(admin.token, parentId, { booking_id: bookingId });
    const declined = await paidTransaction(admin.token, parentId, {}, cards.declined);
    const all = await api.post('/agent/transactions', { organisation: parentId }, { token: admin.token });
    expect(all.body.data.map((t: { id: string }) => t.id)).toEqual([declined, completed]);
    expect(all.body.data[1]).toMatchObject({
      status: 'COMPLETE',
      method: 'ONLINE',
      type: 'CARD',
      card_brand: 'VISA',
      card_last_four: '1111',
      booking_reference: 'TRIP-9',
      organisation: parentId,
      refunded_amount: 0,
    });
    const onlyDeclined = await api.post(
      '/agent/transactions',
      { organisation: parentId, statuses: ['DECLINED'] },
      { token: admin.token },
    );
    expect(onlyDeclined.body.data.map((t: { id: string }) => t.id)).toEqual([declined]);
    const byRef = await api.post(
      '/agent/transactions',
      { organisation: parentId, keyword: 'trip-9' },
      { token: admin.token },
    );
    expect(byRef.body.data.map((t: { id: string }) => t.id)).toEqual([completed]);
    expect(
      (await api.post('/agent/transactions', { organisation: parentId, date_to: '2001-01-01' }, { token: admin.token }))
        .body.data,
    ).toEqual([]);
    expect(
      (await api.post('/agent/transactions', { organisation: parentId, statuses: ['NOPE'] }, { token: admin.token }))
        .status,
    ).toBe(422);
  });

  it("never shows another organisation's transactions", async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    await paidTransaction(theirs.admin.token, theirs.parentId);
    expect(
      (await api.post('/agent/transactions', { organisation: theirs.parentId }, { token: mine.admin.token })).status,
    ).toBe(403);
  });
});

describe('complete and reverse', () => {
  it('captures a PENDING authorisation once', async () => {
    const { admin, parentId } = await createTenant();
    const id = await paidTransaction(admin.token, parentId, { authorisation_only: true });
    const completed = await api.get(`/agent/transactions/${id}/complete`, { token: admin.token });
    expect(completed.status).toBe(200);
    expect(completed.body.data).toMatchObject({ id, status: 'COMPLETE' });
    expect(completed.body.data.completed_at).not.toBeNull();
    const again = await api.get(`/agent/transactions/${id}/complete`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('transaction.not_pending');
    expect((await api.get(`/agent/transactions/${id}/reverse`, { token: admin.token })).status).toBe(409);
  });

  it('refuses to complete or reverse a captured payment, unknown ids and other organisations', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const captured = await paidTransaction(mine.admin.token, mine.parentId);
    expect((await api.get(`/agent/transactions/${captured}/reverse`, { token: mine.admin.token })).status).toBe(409);
    expect(
      (await api.get('/agent/transactions/00000000-0000-4000-8000-000000000000/complete', { token: mine.admin.token }))
        .status,
    ).toBe(404);
    const held = await paidTransaction(theirs.admin.token, theirs.parentId, { authorisation_only: true });
    expect((await api.get(`/agent/transactions/${held}/complete`, { token: mine.admin.token })).status).toBe(404);
    const reader = await mine.makeCaller({ roles: [], organisationId: mine.parentId });
    const mineHeld = await paidTransaction(mine.admin.token, mine.parentId, { authorisation_only: true });
    expect((await api.get(`/agent/transactions/${mineHeld}/complete`, { token: reader.token })).status).toBe(403);
  });
});

describe('POST /agent/transactions/{id}/re-assign', () => {
  it('moves a transaction to another booking of its organisation, with the reassign role', async () => {
    const tenant = await createTenant();
    const { admin, parentId, childId } = tenant;
    const from = await createBookingVia(admin.token, parentId);
    const to = await createBookingVia(admin.token, parentId);
    const id = await paidTransaction(admin.token, parentId, { booking_id: from });
    expect(
      (await api.post(`/agent/transactions/${id}/re-assign`, { booking_id: to }, { token: admin.token })).status,
    ).toBe(200);
    expect(
      (await api.get(`/agent/bookings/${to}`, { token: admin.token })).body.data.transactions.map(
        (t: { id: string }) => t.id,
      ),
    ).toEqual([id]);
    expect((await api.get(`/agent/bookings/${from}`, { token: admin.token })).body.data.transactions).toEqual([]);
    const elsewhere = await createBookingVia(admin.token, childId);
    expect(
      (await api.post(`/agent/transactions/${id}/re-assign`, { booking_id: elsewhere }, { token: admin.token })).status,
    ).toBe(404);
    const agent = await tenant.makeCaller({ roles: ['booking-and-payment:create:payment'], organisationId: parentId });
    expect(
      (await api.post(`/agent/transactions/${id}/re-assign`, { booking_id: from }, { token: agent.token })).status,
    ).toBe(403);
    expect(
      (await api.post(`/agent/transactions/${id}/re-assign`, { booking_id: 'x' }, { token: admin.token })).status,
    ).toBe(422);
  });
});

describe('refunds', () => {
  it('starts a refund awaiting authorisation, then authorises it once to COMPLETE', async () => {
    const { admin, parentId } = await createTenant();
    const id = await paidTransaction(admin.token, parentId);
    const started = await api.post(`/agent/transactions/${id}/refund`, { amount: 2500 }, { token: admin.token });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      amount: 2500,
      currency: 'GBX',
      status: 'PENDING_AUTHORISATION',
      transaction_id: id,
      organisation: parentId,
    });
    const code = started.body.data.authorization_code;
    expect(code).toMatch(/^RFA-/);
    const authorised = await api.get(`/agent/refunds/${code}/authorise`, { token: admin.token });
    expect(authorised.body.data).toMatchObject({ status: 'COMPLETE', amount: 2500 });
    const twice = await api.get(`/agent/refunds/${code}/authorise`, { token: admin.token });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].code).toBe('refund.not_pending');
    expect((await api.get(`/agent/refunds/${code}/decline`, { token: admin.token })).status).toBe(409);
    const list = await api.post('/agent/transactions', { organisation: parentId }, { token: admin.token });
    expect(list.body.data[0].refunded_amount).toBe(2500);
  });

  it('declines once, which gives the amount back to refund later', async () => {
    const { admin, parentId } = await createTenant();
    const id = await paidTransaction(admin.token, parentId);
    const full = await api.post(`/agent/transactions/${id}/refund`, { amount: 10000 }, { token: admin.token });
    expect((await api.post(`/agent/transactions/${id}/refund`, { amount: 1 }, { token: admin.token })).status).toBe(
      422,
    );
    const declined = await api.get(`/agent/refunds/${full.body.data.authorization_code}/decline`, {
      token: admin.token,
    });
    expect(declined.body.data.status).toBe('DECLINED');
    expect((await api.post(`/agent/transactions/${id}/refund`, { amount: 10000 }, { token: admin.token })).status).toBe(
      200,
    );
  });

  it('refuses more than remains, zero, and anything on a transaction that took no money', async () => {
    const { admin, parentId } = await createTenant();
    const id = await paidTransaction(admin.token, parentId);
    await api.post(`/agent/transactions/${id}/refund`, { amount: 6000 }, { token: admin.token });
    const over = await api.post(`/agent/transactions/${id}/refund`, { amount: 4001 }, { token: admin.token });
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toMatchObject({
      code: 'refund.exceeds_refundable',
      message: expect.stringContaining('4000'),
    });
    expect((await api.post(`/agent/transactions/${id}/refund`, { amount: 0 }, { token: admin.token })).status).toBe(
      422,
    );
    expect((await api.post(`/agent/transactions/${id}/refund`, {}, { token: admin.token })).status).toBe(422);
    const declined = await paidTransaction(admin.token, parentId, {}, cards.declined);
    expect(
      (await api.post(`/agent/transactions/${declined}/refund`, { amount: 1 }, { token: admin.token })).body.errors[0]
        .code,
    ).toBe('transaction.not_refundable');
    const held = await paidTransaction(admin.token, parentId, { authorisation_only: true });
    expect((await api.post(`/agent/transactions/${held}/refund`, { amount: 1 }, { token: admin.token })).status).toBe(
      409,
    );
  });

  it('lists refunds newest first; unknown codes are 404; other organisations see nothing', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const id = await paidTransaction(mine.admin.token, mine.parentId);
    const first = await api.post(`/agent/transactions/${id}/refund`, { amount: 100 }, { token: mine.admin.token });
    const second = await api.post(`/agent/transactions/${id}/refund`, { amount: 200 }, { token: mine.admin.token });
    const list = await api.post('/agent/refunds', { organisation: mine.parentId }, { token: mine.admin.token });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([second.body.data.id, first.body.data.id]);
    expect((await api.get('/agent/refunds/RFA-NOPE/authorise', { token: mine.admin.token })).status).toBe(404);
    expect(
      (await api.get(`/agent/refunds/${first.body.data.authorization_code}/authorise`, { token: theirs.admin.token }))
        .status,
    ).toBe(404);
    expect(
      (await api.post('/agent/refunds', { organisation: mine.parentId }, { token: theirs.admin.token })).status,
    ).toBe(403);
    expect(
      (await api.post(`/agent/transactions/${id}/refund`, { amount: 1 }, { token: theirs.admin.token })).status,
    ).toBe(404);
  });
});
