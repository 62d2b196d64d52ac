import { describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * What a chargeback took back is no longer the organisation's to refund or credit
 * (lib/core/balance/booking-balance.ts): a charged-back payment refunded as well
 * would pay the cardholder twice.
 */
async function paid(
  token: string,
  organisation: string,
  overrides: Record<string, unknown> = {},
  options: Parameters<typeof pay>[2] = {},
) {
  const outcome = await pay(await createLinkVia(token, organisation, overrides), cards.visa, options);
  expect(outcome).toMatchObject({ outcome: 'paid' });
  return (outcome as { transactionId: string }).transactionId;
}

const refund = (token: string, id: string, amount: number) =>
  api.post(`/agent/transactions/${id}/refund`, { amount }, { token });
const credit = (token: string, bookingId: string, amount: number) =>
  api.put('/agent/credit-notes', { booking_id: bookingId, amount }, { token });
const chargeback = (token: string, id: string, stage: 'notification' | 'chargeback' | 'reversed', amount?: number) =>
  api.post(`/sandbox/transactions/${id}/chargeback`, { stage, amount }, { token });
const codeOf = (response: Awaited<ReturnType<typeof refund>>) => [response.status, response.body.errors?.[0]?.code];

describe('refunds and credit notes after a chargeback', () => {
  it('refuses any refund of a payment charged back in full, with an error that says so, and leaves the booking nothing to credit', async () => {
    const { admin, parentId } = await createTenant();
    const booking = await createBookingVia(admin.token, parentId);
    const id = await paid(admin.token, parentId, { booking_id: booking, amount: 10000 });
    expect((await chargeback(admin.token, id, 'chargeback')).body.data).toMatchObject({
      status: 'CHARGED_BACK',
      amount: 10000,
    });
    const refused = await refund(admin.token, id, 10000);
    expect(codeOf(refused)).toEqual([422, 'refund.exceeds_refundable']);
    expect(refused.body.errors[0].message).toMatch(/0 still refundable.*10000 taken back by a chargeback/);
    expect(codeOf(await refund(admin.token, id, 1))).toEqual([422, 'refund.exceeds_refundable']);
    const refusedNote = await credit(admin.token, booking, 1);
    expect(codeOf(refusedNote)).toEqual([422, 'credit_note.exceeds_balance']);
    expect(refusedNote.body.errors[0].message).toContain('chargebacks');
  });

  it('leaves only what a partial chargeback did not take, on the payment and on its booking', async () => {
    const { admin, parentId } = await createTenant();
    const booking = await createBookingVia(admin.token, parentId);
    const first = await paid(admin.token, parentId, { booking_id: booking, amount: 10000 });
    const second = await paid(admin.token, parentId, { booking_id: booking, amount: 5000 });
    await chargeback(admin.token, first, 'chargeback', 6000);
    expect(codeOf(await refund(admin.token, first, 4001))).toEqual([422, 'refund.exceeds_refundable']);
    // The booking holds 4000 + 5000: a credit note of all 15000 paid would spend the charged-back money.
    expect(codeOf(await credit(admin.token, booking, 9001))).toEqual([422, 'credit_note.exceeds_balance']);
    expect((await credit(admin.token, booking, 5000)).status).toBe(200);
    // 4000 left on the booking: the second payment's own 5000 no longer fits it.
    expect(codeOf(await refund(admin.token, second, 4001))).toEqual([422, 'refund.exceeds_booking_balance']);
    expect((await refund(admin.token, first, 4000)).status).toBe(200);
    expect(codeOf(await refund(admin.token, second, 1))).toEqual([422, 'refund.exceeds_booking_balance']);
  });

  it('counts only money taken: a notice of dispute takes nothing, a reversed chargeback gives it back', async () => {
    const { admin, parentId } = await createTenant();
    const id = await paid(admin.token, parentId, { amount: 10000 });
    await chargeback(admin.token, id, 'notification');
    expect(codeOf(await refund(admin.token, id, 10001))).toEqual([422, 'refund.exceeds_refundable']);
    await chargeback(admin.token, id, 'chargeback');
    expect(codeOf(await refund(admin.token, id, 1))).toEqual([422, 'refund.exceeds_refundable']);
    await chargeback(admin.token, id, 'reversed');
    const refunded = await refund(admin.token, id, 10000);
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ amount: 10000 });
  });

  it("converts a chargeback in the card currency (DCC) at the payment's own rate", async () => {
    const { admin, parentId } = await createTenant();
    const outcome = await pay(
      await createLinkVia(admin.token, parentId, { amount: 10000, dcc_enabled: true, surcharging_enabled: false }),
      cards.visaUs,
      { acceptDcc: true },
    );
    const id = (outcome as { transactionId: string }).transactionId;
    const raised = (await chargeback(admin.token, id, 'chargeback')).body.data;
    // Adyen's notification carries the amount the processor took: in US dollars here, all of it.
    expect(raised).toMatchObject({ currency: 'USD', status: 'CHARGED_BACK' });
    expect(raised.amount).toBeGreaterThan(10000);
    expect(codeOf(await refund(admin.token, id, 1))).toEqual([422, 'refund.exceeds_refundable']);
  });

  it('lets one of two refunds that each fit the payment alone win, when a chargeback left room for one', async () => {
    const { admin, parentId } = await createTenant();
    const id = await paid(admin.token, parentId, { amount: 10000 });
    await chargeback(admin.token, id, 'chargeback', 6000);
    const answers = await Promise.all([refund(admin.token, id, 3000), refund(admin.token, id, 3000)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });
});
