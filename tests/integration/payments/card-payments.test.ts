import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { finishCardChallenge } from '@/lib/core/payments/finish-payment';
import { finishOpenBankingPayment, startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import { decideSandboxBankPayment } from '@/lib/payments/processor';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

async function transactionOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

describe('card payments on a payment link', () => {
  it('takes an approved card: COMPLETE, card facts kept, never the number', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId);
    const outcome = await pay(id, cards.visa);
    expect(outcome).toMatchObject({ outcome: 'paid', status: 'COMPLETE' });
    const row = await transactionOf((outcome as { transactionId: string }).transactionId);
    expect(row).toMatchObject({
      status: 'COMPLETE',
      amount: 10000,
      surcharge: 0,
      cardBrand: 'VISA',
      cardLastFour: '1111',
      cardBin: '41111111',
      issuingCountry: 'GB',
      cardholderName: 'Jane Traveller',
    });
    expect(JSON.stringify(row)).not.toContain('4111111111111111');
  });

  it('refuses a second payment on a paid link and any payment on an expired one', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId);
    await pay(id);
    await expect(pay(id)).rejects.toMatchObject({ code: 'checkout.already_paid' });
    const expiring = await createLinkVia(admin.token, parentId);
    try {
      setClockOffset(31 * 86_400_000);
      await expect(pay(expiring)).rejects.toMatchObject({ code: 'checkout.expired' });
    } finally {
      setClockOffset(0);
    }
  });

  it('records declines and lets the customer try another card', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId);
    expect(await pay(id, cards.declined)).toMatchObject({ outcome: 'declined', reason: 'declined' });
    expect(await pay(id, cards.insufficientFunds)).toMatchObject({ outcome: 'declined', reason: 'insufficient_funds' });
    expect((await pay(id, cards.visa)).outcome).toBe('paid');
    const link = (await api.get(`/agent/payment-links/${id}`, { token: admin.token })).body.data;
    expect(link.transactions.map((t: { status: string }) => t.status)).toEqual(['DECLINED', 'DECLINED', 'COMPLETE']);
  });

  it('refuses excluded card types and regions before authorisation, as REJECTED, naming what is accepted', async () => {
    const { admin, parentId } = await createTenant();
    const authorisations = async () =>
      (
        (await (
          await getDb()
        ).execute(
          sql`select count(*)::int as n from sandbox_processor_operations where kind = 'authorise'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    const before = await authorisations();
    const noAmex = await createLinkVia(admin.token, parentId, { excluded_card_types: ['AMEX'] });
    const rejected = await pay(noAmex, cards.amex);
    expect(rejected).toMatchObject({ outcome: 'rejected' });
    expect((rejected as { message: string }).message).toMatch(/American Express.*not accepted.*Visa, Mastercard/);
    expect((await transactionOf((rejected as { transactionId: string }).transactionId)).status).toBe('REJECTED');
    const domesticOnly = await createLinkVia(admin.token, parentId, { excluded_card_regions: ['INTRA', 'INTER'] });
    expect((await pay(domesticOnly, cards.visaFrance)).outcome).toBe('rejected');
    expect((await pay(domesticOnly, cards.visaUs)).outcome).toBe('rejected');
    expect((await pay(domesticOnly, cards.visa)).outcome).toBe('paid');
    // Only the accepted card reached the processor.
    expect(await authorisations()).toBe(before + 1);
  });

  it('asks the customer to confirm a surcharge, then records it; UK consumer cards are never surcharged', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { amount: 10001 });
    const ask = await pay(id, cards.mastercardCommercial);
    expect(ask).toEqual({ outcome: 'confirm_surcharge', surcharge: 150, total: 10151 });
    expect(await pay(id, cards.mastercardCommercial, { acceptedSurcharge: 149 })).toMatchObject({
      outcome: 'confirm_surcharge',
    });
    const paid = await pay(id, cards.mastercardCommercial, { acceptedSurcharge: 150 });
    expect(await transactionOf((paid as { transactionId: string }).transactionId)).toMatchObject({
      status: 'COMPLETE',
      amount: 10151,
      surcharge: 150,
    });
    const international = await createLinkVia(admin.token, parentId, { amount: 10000 });
    expect(await pay(international, cards.visaUs)).toEqual({
      outcome: 'confirm_surcharge',
      surcharge: 250,
      total: 10250,
    });
    const uk = await createLinkVia(admin.token, parentId, { amount: 10000 });
    expect((await pay(uk, cards.visa)).outcome).toBe('paid');
    const france = await createLinkVia(admin.token, parentId, { amount: 10000 });
    expect((await pay(france, cards.visaFrance)).outcome).toBe('paid');
    const off = await createLinkVia(admin.token, parentId, { surcharging_enabled: false });
    expect((await pay(off, cards.mastercardCommercial)).outcome).toBe('paid');
  });

  it('respects an organisation that does not allow surcharging', async () => {
    const { admin, parentId } = await createTenant();
    await api.post(
      `/agent/organisations/${parentId}/settings`,
      { surcharge: { enabled: false } },
      { token: admin.token },
    );
    const id = await createLinkVia(admin.token, parentId);
    expect((await pay(id, cards.visaUs)).outcome).toBe('paid');
  });

  it('offers DCC for a foreign card and records the choice', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { dcc_enabled: true, amount: 10000 });
    const paid = await pay(id, cards.visaFrance, { acceptDcc: true });
    const row = await transactionOf((paid as { transactionId: string }).transactionId);
    expect(row.dcc).toMatchObject({ offered: true, accepted: true, card_currency: 'EUX', markup_bps: 300 });
    expect(row.dcc!.converted_amount).toBeGreaterThan(11000);
    const declinedOffer = await createLinkVia(admin.token, parentId, { dcc_enabled: true });
    const row2 = await transactionOf(
      ((await pay(declinedOffer, cards.visaFrance)) as { transactionId: string }).transactionId,
    );
    expect(row2.dcc).toMatchObject({ offered: true, accepted: false });
    const uk = await createLinkVia(admin.token, parentId, { dcc_enabled: true });
    expect(
      (await transactionOf(((await pay(uk, cards.visa)) as { transactionId: string }).transactionId)).dcc,
    ).toBeNull();
  });

  it('holds the amount with authorisation_only: PENDING keeps the link paid; reversed makes it active again', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { authorisation_only: true });
    const held = await pay(id);
    expect(held).toMatchObject({ outcome: 'paid', status: 'PENDING' });
    expect((await api.get(`/agent/payment-links/${id}`, { token: admin.token })).body.data.status).toBe('paid');
    const reversed = await api.get(`/agent/transactions/${(held as { transactionId: string }).transactionId}/reverse`, {
      token: admin.token,
    });
    expect(reversed.body.data.status).toBe('REVERSED');
    expect((await api.get(`/agent/payment-links/${id}`, { token: admin.token })).body.data.status).toBe('active');
    expect((await pay(id)).outcome).toBe('paid');
  });

  it('saves the card only when asked, never when hidden, always when forced, and only with a booking', async () => {
    const { admin, parentId } = await createTenant();
    const tokensOf = async (bookingId: string) =>
      (await api.get(`/payment/booking/${bookingId}/available-tokens`, { token: admin.token })).body.data;
    const b1 = await createBookingVia(admin.token, parentId);
    await pay(await createLinkVia(admin.token, parentId, { booking_id: b1 }));
    expect(await tokensOf(b1)).toEqual([]);
    const b2 = await createBookingVia(admin.token, parentId);
    await pay(await createLinkVia(admin.token, parentId, { booking_id: b2 }), cards.visa, { storeCard: true });
    const saved = await tokensOf(b2);
    expect(saved).toEqual([
      expect.objectContaining({
        card_brand: 'VISA',
        bin: '41111111',
        last_four: '1111',
        cardholder_name: 'Jane Traveller',
        organisation_id: parentId,
      }),
    ]);
    expect(JSON.stringify(saved)).not.toMatch(/sbx_tok|4111111111111111/);
    const b3 = await createBookingVia(admin.token, parentId);
    await pay(await createLinkVia(admin.token, parentId, { booking_id: b3, hide_store_card: true }), cards.visa, {
      storeCard: true,
    });
    expect(await tokensOf(b3)).toEqual([]);
    const b4 = await createBookingVia(admin.token, parentId);
    await pay(await createLinkVia(admin.token, parentId, { booking_id: b4, store_card_forced: true }));
    expect(await tokensOf(b4)).toHaveLength(1);
  });

  it('goes through a 3-D Secure challenge: the right password pays, a wrong one declines', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const id = await createLinkVia(admin.token, parentId);
    const challenge = await pay(id, cards.visa3ds);
    expect(challenge).toMatchObject({ outcome: 'challenge', redirectUrl: expect.stringContaining('/sandbox/3ds/') });
    const transactionId = (challenge as { transactionId: string }).transactionId;
    await expect(pay(id)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });
    expect(await finishCardChallenge(db, transactionId, { password: 'password' })).toMatchObject({ outcome: 'paid' });
    await expect(finishCardChallenge(db, transactionId, { password: 'password' })).rejects.toMatchObject({
      code: 'payment.not_in_progress',
    });
    const other = await createLinkVia(admin.token, parentId);
    const second = await pay(other, cards.visa3ds);
    expect(
      await finishCardChallenge(db, (second as { transactionId: string }).transactionId, { password: 'nope' }),
    ).toMatchObject({ outcome: 'declined' });
  });

  it('pays by open banking when enabled: approve pays, decline declines, abandon frees the link', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const cardOnly = await createLinkVia(admin.token, parentId);
    await expect(
      startOpenBankingPayment(db, { checkoutId: cardOnly, returnUrl: 'http://localhost/r' }),
    ).rejects.toMatchObject({ code: 'checkout.method_not_accepted' });
    const id = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
    const refOf = async (transactionId: string) => (await transactionOf(transactionId)).providerReference!;
    const abandoned = await startOpenBankingPayment(db, { checkoutId: id, returnUrl: 'http://localhost/r' });
    expect(await finishOpenBankingPayment(db, abandoned.transactionId)).toMatchObject({ outcome: 'pending' });
    await decideSandboxBankPayment(db, await refOf(abandoned.transactionId), 'abandon');
    expect(await finishOpenBankingPayment(db, abandoned.transactionId)).toMatchObject({ outcome: 'abandoned' });
    const declined = await startOpenBankingPayment(db, { checkoutId: id, returnUrl: 'http://localhost/r' });
    await decideSandboxBankPayment(db, await refOf(declined.transactionId), 'decline');
    expect(await finishOpenBankingPayment(db, declined.transactionId)).toMatchObject({ outcome: 'declined' });
    const approved = await startOpenBankingPayment(db, { checkoutId: id, returnUrl: 'http://localhost/r' });
    await decideSandboxBankPayment(db, await refOf(approved.transactionId), 'approve');
    expect(await finishOpenBankingPayment(db, approved.transactionId)).toMatchObject({ outcome: 'paid' });
    expect(await transactionOf(approved.transactionId)).toMatchObject({ status: 'COMPLETE', type: 'OPEN_BANKING' });
  });
});
