import { describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * One balance per booking (lib/core/balance/booking-balance.ts): refunds,
 * credit notes and re-assigns together never take more than was paid.
 */
async function paid(
  token: string,
  organisation: string,
  overrides: Record<string, unknown> = {},
  number: string = cards.visa,
  acceptedSurcharge?: number,
) {
  const outcome = await pay(await createLinkVia(token, organisation, overrides), number, { acceptedSurcharge });
  expect(outcome).toMatchObject({ outcome: 'paid' });
  return (outcome as { transactionId: string }).transactionId;
}

const refund = (token: string, id: string, amount: number) =>
  api.post(`/agent/transactions/${id}/refund`, { amount }, { token });
const credit = (token: string, bookingId: string, amount: number) =>
  api.put('/agent/credit-notes', { booking_id: bookingId, amount }, { token });
const reassign = (token: string, id: string, bookingId: string) =>
  api.post(`/agent/transactions/${id}/re-assign`, { booking_id: bookingId }, { token });
const codeOf = (response: Awaited<ReturnType<typeof refund>>) => [response.status, response.body.errors?.[0]?.code];

describe('refunds against the booking balance', () => {
  it('refuses a refund of money already given as a credit note', async () => {
    const { admin, parentId } = await createTenant();
    const booking = await createBookingVia(admin.token, parentId);
    const id = await paid(admin.token, parentId, { booking_id: booking, amount: 10000 });
    expect((await credit(admin.token, booking, 10000)).status).toBe(200);
    const refused = await refund(admin.token, id, 10000);
    expect(codeOf(refused)).toEqual([422, 'refund.exceeds_booking_balance']);
    expect(codeOf(await refund(admin.token, id, 1))).toEqual([422, 'refund.exceeds_booking_balance']);
  });

  it('counts refunds of every payment of the booking, and a declined refund gives back', async () => {
    const { admin, parentId } = await createTenant();
    const booking = await createBookingVia(admin.token, parentId);
    const first = await paid(admin.token, parentId, { booking_id: booking, amount: 6000 });
    const second = await paid(admin.token, parentId, { booking_id: booking, amount: 4000 });
    expect((await credit(admin.token, booking, 7000)).status).toBe(200);
    // 3000 left on the booking: 6000 on the first payment alone would pass its own cap.
    expect(codeOf(await refund(admin.token, first, 3001))).toEqual([422, 'refund.exceeds_booking_balance']);
    const held = await refund(admin.token, first, 2000);
    expect(held.status).toBe(200);
    expect(codeOf(await refund(admin.token, second, 1001))).toEqual([422, 'refund.exceeds_booking_balance']);
    expect(codeOf(await credit(admin.token, booking, 1001))).toEqual([422, 'credit_note.exceeds_balance']);
    await api.get(`/agent/refunds/${held.body.data.authorization_code}/decline`, { token: admin.token });
    expect((await refund(admin.token, second, 3000)).status).toBe(200);
  });

  it('keeps the per-transaction rule for a payment without a booking', async () => {
    const { admin, parentId } = await createTenant();
    const id = await paid(admin.token, parentId, { amount: 10000 });
    expect((await refund(admin.token, id, 7000)).status).toBe(200);
    expect(codeOf(await refund(admin.token, id, 3001))).toEqual([422, 'refund.exceeds_refundable']);
    expect((await refund(admin.token, id, 3000)).status).toBe(200);
  });

  it('returns a surcharge only with the last of its own payment; credit notes never include it', async () => {
    const { admin, parentId } = await createTenant();
    const booking = await createBookingVia(admin.token, parentId);
    // A US consumer card: 2.5% international surcharge, 10000 + 250 taken.
    const id = await paid(admin.token, parentId, { booking_id: booking, amount: 10000 }, cards.visaUs, 250);
    expect(codeOf(await credit(admin.token, booking, 10001))).toEqual([422, 'credit_note.exceeds_balance']);
    expect((await refund(admin.token, id, 10250)).status).toBe(200);
    expect(codeOf(await credit(admin.token, booking, 1))).toEqual([422, 'credit_note.exceeds_balance']);

    const other = await createBookingVia(admin.token, parentId);
    const second = await paid(admin.token, parentId, { booking_id: other, amount: 10000 }, cards.visaUs, 250);
    expect((await credit(admin.token, other, 4000)).status).toBe(200);
    // The refund spends the payment's net amount first: 6000 of it is left, the surcharge after it.
    expect((await refund(admin.token, second, 6000)).status).toBe(200);
    expect(codeOf(await refund(admin.token, second, 250))).toEqual([422, 'refund.exceeds_booking_balance']);
  });
});

describe('re-assigning a payment', () => {
  it('refuses to take a payment from a booking whose credit notes rely on it', async () => {
    const { admin, parentId } = await createTenant();
    const from = await createBookingVia(admin.token, parentId);
    const to = await createBookingVia(admin.token, parentId);
    const id = await paid(admin.token, parentId, { booking_id: from, amount: 10000 });
    expect((await credit(admin.token, from, 10000)).status).toBe(200);
    const refused = await reassign(admin.token, id, to);
    expect(codeOf(refused)).toEqual([409, 'transaction.reassign_overdraws_booking']);
    expect(
      (await api.get(`/agent/bookings/${from}`, { token: admin.token })).body.data.transactions.map(
        (t: { id: string }) => t.id,
      ),
    ).toEqual([id]);
    // The new booking holds nothing: no second credit note from the same money.
    expect(codeOf(await credit(admin.token, to, 1))).toEqual([422, 'credit_note.exceeds_balance']);
  });

  it('moves what is left of a payment: the new booking holds only that, the old one nothing', async () => {
    const { admin, parentId } = await createTenant();
    const from = await createBookingVia(admin.token, parentId);
    const to = await createBookingVia(admin.token, parentId);
    const id = await paid(admin.token, parentId, { booking_id: from, amount: 10000 });
    expect((await refund(admin.token, id, 4000)).status).toBe(200);
    expect((await reassign(admin.token, id, to)).status).toBe(200);
    expect(codeOf(await credit(admin.token, from, 1))).toEqual([422, 'credit_note.exceeds_balance']);
    expect(codeOf(await credit(admin.token, to, 6001))).toEqual([422, 'credit_note.exceeds_balance']);
    expect((await credit(admin.token, to, 6000)).status).toBe(200);
    expect(codeOf(await refund(admin.token, id, 1))).toEqual([422, 'refund.exceeds_booking_balance']);
    // A booking left with other money may still let it go, up to what it holds beyond its notes.
    const third = await createBookingVia(admin.token, parentId);
    const a = await paid(admin.token, parentId, { booking_id: third, amount: 5000 });
    await paid(admin.token, parentId, { booking_id: third, amount: 5000 });
    expect((await credit(admin.token, third, 5000)).status).toBe(200);
    expect((await reassign(admin.token, a, from)).status).toBe(200);
    expect((await credit(admin.token, from, 5000)).status).toBe(200);
  });

  it('applies the same rule when a link is assigned to another booking with its payments', async () => {
    const { admin, parentId } = await createTenant();
    const from = await createBookingVia(admin.token, parentId);
    const to = await createBookingVia(admin.token, parentId);
    const link = await createLinkVia(admin.token, parentId, { booking_id: from, amount: 10000 });
    expect(await pay(link)).toMatchObject({ outcome: 'paid' });
    expect((await credit(admin.token, from, 10000)).status).toBe(200);
    const refused = await api.post(`/agent/payment-links/${link}/assign`, { booking_id: to }, { token: admin.token });
    expect(codeOf(refused)).toEqual([409, 'transaction.reassign_overdraws_booking']);
    expect(codeOf(await credit(admin.token, to, 1))).toEqual([422, 'credit_note.exceeds_balance']);
  });

  it('keeps credit notes with their money when a booking is merged into another', async () => {
    const { admin, parentId } = await createTenant();
    const merged = await createBookingVia(admin.token, parentId);
    const kept = await createBookingVia(admin.token, parentId, { booking_reference: `KEEP-${Date.now()}` });
    await paid(admin.token, parentId, { booking_id: merged, amount: 10000 });
    expect((await credit(admin.token, merged, 10000)).status).toBe(200);
    const keptRef = (await api.get(`/agent/bookings/${kept}`, { token: admin.token })).body.data.booking_reference;
    expect(
      (
        await api.post(
          `/agent/bookings/${merged}/update-reference`,
          { booking_reference: keptRef },
          { token: admin.token },
        )
      ).body.data,
    ).toMatchObject({ new_booking_id: kept });
    expect(codeOf(await credit(admin.token, kept, 1))).toEqual([422, 'credit_note.exceeds_balance']);
  });
});
