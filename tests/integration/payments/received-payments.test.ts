import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { now } from '@/lib/clock';
import { finishCardChallenge } from '@/lib/core/payments/finish-payment';
import { startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';
import { getDb } from '@/lib/db/client';
import { scheduledPayments, transactions } from '@/lib/db/schema';
import { ProcessorOutcomeUnknown, SandboxProcessor } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createGroupFixture } from '../support/groups';
import { adyenBatch, adyenItem, postNotifications, TEST_HMAC_KEY } from '../support/notifications';
import { bookingWithSavedCard, cards, createLinkVia, pay } from '../support/payments';
import { auditCount } from '../support/races';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * Adyen answers Received (or Pending) when it has taken a payment and decides
 * later, telling the outcome in its AUTHORISATION notification. Such a payment
 * is neither failed nor paid: it stays unsettled, its link locked ("being
 * confirmed"), until the notification settles it. The processor is the sandbox
 * here, its answer replaced by Adyen's; a replay under the same key (the
 * runner's findPayment, a re-sent charge) only repeats "Received", as Adyen's
 * idempotency does, so only the notification can tell.
 */
const savedKey = process.env.ADYEN_HMAC_KEY;
beforeAll(() => {
  process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
});
afterAll(() => (savedKey === undefined ? delete process.env.ADYEN_HMAC_KEY : (process.env.ADYEN_HMAC_KEY = savedKey)));
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(await getDb());
});

let pspCounter = 0;
const newPsp = () =>
  `RCV${Date.now().toString(36).toUpperCase()}${(pspCounter++).toString().padStart(4, '0')}`.slice(0, 16);

/** Adyen's answers: Received to every payment call, and a replay that cannot tell (findPayment). */
function adyenReceives() {
  const psp = newPsp();
  const received = { status: 'received' as const, providerReference: psp };
  vi.spyOn(SandboxProcessor.prototype, 'notify').mockResolvedValue(undefined);
  const findPayment = vi
    .spyOn(SandboxProcessor.prototype, 'findPayment')
    .mockRejectedValue(new ProcessorOutcomeUnknown(`Adyen has no final outcome yet for ${psp}`));
  return {
    psp,
    findPayment,
    authorise: vi.spyOn(SandboxProcessor.prototype, 'authorise').mockResolvedValue(received),
    finishChallenge: vi.spyOn(SandboxProcessor.prototype, 'finishChallenge').mockResolvedValue(received),
    charge: vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockResolvedValue(received),
    bank: vi.spyOn(SandboxProcessor.prototype, 'startOpenBanking').mockResolvedValue(received),
  };
}

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

/** Adyen's AUTHORISATION notification of the payment, posted to the endpoint Adyen calls. */
async function authorisationArrives(row: { id: string }, psp: string, amount = 10000) {
  const response = await postNotifications(
    adyenBatch(
      adyenItem({
        eventCode: 'AUTHORISATION',
        pspReference: psp,
        merchantReference: row.id,
        amount,
        additionalData: { cardSummary: '1111', paymentMethod: 'visa' },
      }),
    ),
  );
  expect(response.text).toBe('[accepted]');
}

async function runAfter(seconds: number) {
  const db = await getDb();
  await advanceClock(db, { seconds });
  return runUntilIdle(db);
}

describe('a card payment Adyen received and decides later', () => {
  it('stays unsettled with its PSP reference, the link locked and "being confirmed", until the notification settles it COMPLETE', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const adyen = adyenReceives();
    const outcome = await pay(link);
    expect(outcome).toMatchObject({ outcome: 'unsettled' });
    const id = (outcome as { transactionId: string }).transactionId;
    expect(await rowOf(id)).toMatchObject({
      status: 'PAYMENTINPROGRESS',
      stage: 'unsettled',
      providerReference: adyen.psp,
      failureReason: null,
    });

    // Not payable again: a second payment is refused, saying the first is being confirmed; the page says so too.
    await expect(pay(link)).rejects.toMatchObject({
      code: 'checkout.payment_in_progress',
      message: expect.stringMatching(/being confirmed/),
    });
    expect((await hostedCheckoutState(link)).state).toBe('confirming');
    expect(adyen.authorise).toHaveBeenCalledTimes(1);
    // The runner asks, the replay cannot tell: still unsettled, never abandoned.
    await runAfter(120);
    expect(adyen.findPayment).toHaveBeenCalled();
    expect(await rowOf(id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });

    await authorisationArrives({ id }, adyen.psp);
    expect(await rowOf(id)).toMatchObject({ status: 'COMPLETE', stage: null, providerReference: adyen.psp });
    expect(await auditCount(await getDb(), 'transaction:payment', id)).toBe(1);
    await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.already_paid' });
  });

  it('a 3-D Secure return answered Pending is left unsettled too, not failed', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const { transactionId } = (await pay(link, cards.visa3ds)) as { transactionId: string };
    const adyen = adyenReceives();
    expect(await finishCardChallenge(await getDb(), transactionId, { redirectResult: 'X6Xt...' })).toEqual({
      outcome: 'unsettled',
      transactionId,
    });
    expect(await rowOf(transactionId)).toMatchObject({
      status: 'PAYMENTINPROGRESS',
      stage: 'unsettled',
      providerReference: adyen.psp,
    });
    await expect(pay(link)).rejects.toMatchObject({
      code: 'checkout.payment_in_progress',
      message: expect.stringMatching(/being confirmed/),
    });
    await authorisationArrives({ id: transactionId }, adyen.psp);
    expect(await rowOf(transactionId)).toMatchObject({ status: 'COMPLETE' });
  });

  it('a bank payment received without a redirect is unsettled ("being confirmed") and the notification completes it', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
    const adyen = adyenReceives();
    const db = await getDb();
    await expect(
      startOpenBankingPayment(db, { checkoutId: link, returnUrl: 'http://localhost/back' }),
    ).rejects.toMatchObject({
      code: 'checkout.payment_in_progress',
      message: expect.stringMatching(/being confirmed/),
    });
    const [row] = await db.select().from(transactions).where(eq(transactions.paymentLinkId, link));
    expect(row).toMatchObject({
      type: 'OPEN_BANKING',
      status: 'PAYMENTINPROGRESS',
      stage: 'unsettled',
      providerReference: adyen.psp,
    });
    await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });
    await authorisationArrives(row!, adyen.psp);
    expect(await rowOf(row!.id)).toMatchObject({ status: 'COMPLETE' });
  });
});

describe('a saved-card charge Adyen received', () => {
  it('through the API: answered "being confirmed", never charged again under the same key, and settled by the notification', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    const adyen = adyenReceives();
    const charge = () =>
      api.post(
        `/payment/booking/${bookingId}/payment`,
        { token: cardToken, amount: 4200 },
        { token: admin.token, headers: { 'idempotency-key': 'received-1' } },
      );
    const first = await charge();
    expect(first.status).toBe(502);
    expect(first.body.errors[0].message).toMatch(/not confirmed the payment yet.*Do not charge again/);
    // An ad-hoc charge the merchant makes now: unscheduled card-on-file.
    expect(adyen.charge).toHaveBeenCalledWith(expect.objectContaining({ use: 'unscheduled', amount: 4200 }));
    const [row] = await (
      await getDb()
    )
      .select()
      .from(transactions)
      .where(eq(transactions.idempotencyKey, `booking-payment:${admin.apiKeyId}:received-1`));
    expect(row).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled', providerReference: adyen.psp });

    await authorisationArrives(row!, adyen.psp, 4200);
    expect(await rowOf(row!.id)).toMatchObject({ status: 'COMPLETE' });
    const again = await charge();
    expect(again.status, again.text).toBe(200);
    // Two calls under the one key (the retry re-sent it while unsettled), never a second transaction.
    expect(
      (await (await getDb()).select().from(transactions).where(eq(transactions.bookingId, bookingId))).filter(
        (t) => t.amount === 4200,
      ),
    ).toHaveLength(1);
  });

  it('on its date: neither retried as failed nor marked complete; asked again under the same key; the notification completes it and the scheduled payment', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    const created = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 2500, date: new Date(now().getTime() - 60_000).toISOString() },
      { token: admin.token },
    );
    expect(created.status, created.text).toBe(200);
    const [payment] = await (
      await getDb()
    )
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.bookingId, bookingId));
    const adyen = adyenReceives();
    const reports = await runUntilIdle(await getDb());
    expect(reports[0]!.scheduled).toMatchObject({ completed: 0, failed: 0, retrying: 0, unsettled: 1 });
    // Charged on its date, agreed in advance: a scheduled (Subscription) charge.
    expect(adyen.charge).toHaveBeenCalledWith(
      expect.objectContaining({ use: 'scheduled', idempotencyKey: expect.any(String) }),
    );
    const scheduledRow = async () =>
      (await (await getDb()).select().from(scheduledPayments).where(eq(scheduledPayments.id, payment!.id)))[0]!;
    expect(await scheduledRow()).toMatchObject({ status: 'IN_PROGRESS', attempts: 1, failureReason: null });
    const [charge] = await (
      await getDb()
    )
      .select()
      .from(transactions)
      .where(eq(transactions.idempotencyKey, `scheduled:${payment!.id}`));
    expect(charge).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled', providerReference: adyen.psp });

    // Its claim lapses: the runner asks again under the same transaction (same key), and hears Received again.
    await runAfter(11 * 60);
    expect(adyen.charge).toHaveBeenCalledTimes(2);
    expect(adyen.charge.mock.calls.map(([input]) => input.idempotencyKey)).toEqual([charge!.id, charge!.id]);
    expect(await scheduledRow()).toMatchObject({ status: 'IN_PROGRESS', attempts: 1 });
    expect(await rowOf(charge!.id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });

    await authorisationArrives(charge!, adyen.psp, 2500);
    expect(await rowOf(charge!.id)).toMatchObject({ status: 'COMPLETE', stage: null });
    expect(await scheduledRow()).toMatchObject({ status: 'COMPLETE', transactionId: charge!.id });
    // Nothing more is charged.
    await runAfter(11 * 60);
    expect(adyen.charge).toHaveBeenCalledTimes(2);
  });

  it('a group instalment collected automatically: the link stays locked until the notification pays it', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 2000]);
    const [l1, l2] = member!.links as [string, string];
    const optIn = vi.spyOn(SandboxProcessor.prototype, 'authorise');
    expect(await pay(l1, cards.visa, { storeCard: true })).toMatchObject({ outcome: 'paid' });
    // The member's tick stores the card for their instalments on their due dates: Subscription.
    expect(optIn).toHaveBeenCalledWith(expect.objectContaining({ storeCard: true, storedCardUse: 'scheduled' }));
    optIn.mockRestore();
    const adyen = adyenReceives();
    await advanceClock(await getDb(), { seconds: 21 * 86_400 });
    await runUntilIdle(await getDb());
    expect(adyen.charge).toHaveBeenCalledWith(expect.objectContaining({ use: 'scheduled', amount: 2000 }));
    const [collected] = await (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, l2));
    expect(collected).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled', providerReference: adyen.psp });
    const [collection] = await (
      await getDb()
    )
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.paymentLinkId, l2));
    expect(collection).toMatchObject({ status: 'IN_PROGRESS' });
    // The member cannot pay it by hand meanwhile (a member's link held by a live payment says "in progress").
    await expect(pay(l2)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });
    expect((await hostedCheckoutState(l2)).state).toBe('confirming');

    await authorisationArrives(collected!, adyen.psp, 2000);
    expect(await rowOf(collected!.id)).toMatchObject({ status: 'COMPLETE' });
    expect(
      (await (await getDb()).select().from(scheduledPayments).where(eq(scheduledPayments.id, collection!.id)))[0],
    ).toMatchObject({ status: 'COMPLETE', transactionId: collected!.id });
    await expect(pay(l2)).rejects.toMatchObject({ code: 'checkout.already_paid' });
  });
});

describe('what a card is stored for', () => {
  it('a booking\'s card ("for future payments on this booking") is stored for unscheduled charges', async () => {
    const { admin, parentId } = await createTenant();
    const authorise = vi.spyOn(SandboxProcessor.prototype, 'authorise');
    await bookingWithSavedCard(admin.token, parentId);
    expect(authorise).toHaveBeenCalledWith(expect.objectContaining({ storeCard: true, storedCardUse: 'unscheduled' }));
  });
});
