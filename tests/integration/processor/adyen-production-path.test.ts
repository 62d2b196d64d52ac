import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProcessorError, ProcessorOutcomeUnknown, type PaymentMethodInput } from '@/lib/payments/processor/port';
import { AdyenRequestError } from '@/lib/payments/processor/adyen/adyen-client';
import { AdyenProcessor } from '@/lib/payments/processor/adyen/adyen-processor';
import { decodeStoredCardToken } from '@/lib/payments/processor/adyen/adyen-token';
import { startAdyenSimulator, type AdyenSimulator } from '../../support/adyen-simulator';

/**
 * The production processor (AdyenProcessor) against the Adyen simulator, over real HTTP: the calls that
 * work today, each one checked against Adyen's published v71 request schemas (sim.violations stays empty).
 * No database: the adapter alone. Only what works today is asserted here; the simulator also shows issue 15's
 * defects (a commercial card read as consumer, Received/Pending taken as errors, a stored-card charge without
 * the returnUrl v71 requires), which the adapter's fixes will cover with their own tests.
 */
let sim: AdyenSimulator;
let adyen: AdyenProcessor;
beforeAll(async () => {
  sim = await startAdyenSimulator();
  adyen = new AdyenProcessor({
    apiKey: sim.apiKey,
    merchantAccount: sim.merchantAccount,
    checkoutUrl: sim.url,
    timeoutMs: 8_000,
  });
});
afterAll(() => sim.close());
afterEach(() => expect(sim.violations).toEqual([]));

let n = 0;
const encrypted = (number: string, holderName = 'Ada Lovelace'): PaymentMethodInput => ({
  kind: 'adyen_encrypted',
  holderName,
  fields: {
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    bin: number.slice(0, 8),
    lastFour: number.slice(-4),
  },
});
const order = (method: PaymentMethodInput, extra: { capture?: boolean; storeCard?: boolean } = {}) => {
  const reference = `txn_${Date.now()}_${++n}`;
  return {
    reference,
    amount: 12345,
    currency: 'GBP',
    method,
    capture: extra.capture ?? true,
    storeCard: extra.storeCard ?? false,
    returnUrl: `https://pay.example.com/en/link_1/return`,
    idempotencyKey: `auth-${reference}`,
  };
};
const notificationsOf = (psp: string | null) =>
  sim
    .queuedNotifications()
    .filter((i) => i.pspReference === psp || i.originalReference === psp)
    .map((i) => [i.eventCode, i.success]);

describe('AdyenProcessor against the Adyen simulator', () => {
  it('authorises a card sent as adyen-web encrypted fields, with its facts from additionalData', async () => {
    const input = order(encrypted('4111111111111111'));
    const result = await adyen.authorise(input);
    expect(result).toMatchObject({
      status: 'authorised',
      captured: true,
      card: {
        brand: 'VISA',
        bin: '41111111',
        lastFour: '1111',
        funding: 'credit',
        cardClass: 'consumer',
        issuingCountry: 'NL',
        expiryMonth: 3,
        expiryYear: 2030,
        holderName: 'Ada Lovelace',
      },
    });
    const sent = sim.requests.at(-1)!;
    expect(sent).toMatchObject({
      path: '/payments',
      status: 200,
      headers: { 'idempotency-key': input.idempotencyKey, 'x-api-key': sim.apiKey },
    });
    expect(notificationsOf(result.providerReference)).toEqual([['AUTHORISATION', 'true']]);
  });

  it.each([
    ['DECLINED', 'declined'],
    ['NOT_ENOUGH_BALANCE', 'insufficient_funds'],
    ['CARD_EXPIRED', 'expired_card'],
    ['CVC_DECLINED', 'cvc_declined'],
  ])('maps the refusal of holderName %s to %s', async (holderName, reason) => {
    const result = await adyen.authorise(order(encrypted('5555444433331111', holderName)));
    expect(result).toMatchObject({ status: 'declined', reason });
    expect(notificationsOf(result.providerReference)).toEqual([['AUTHORISATION', 'false']]);
  });

  it('authorises only, then captures, refunds and reverses: 201 received, and the notifications Adyen would send', async () => {
    const held = await adyen.authorise(order(encrypted('4111111111111111'), { capture: false }));
    expect(held).toMatchObject({ status: 'authorised', captured: false });
    const psp = held.providerReference!;
    expect(sim.requests.at(-1)!.body).toMatchObject({ additionalData: { manualCapture: 'true' } });
    await adyen.capture({ providerReference: psp, amount: 12345, currency: 'GBP', idempotencyKey: `capture-${psp}` });
    const refund = await adyen.refund({
      providerReference: psp,
      amount: 2345,
      currency: 'GBP',
      idempotencyKey: `refund-${psp}`,
    });
    expect(refund.providerReference).toMatch(/^[A-Z0-9]{16}$/);
    expect(refund.providerReference).not.toBe(psp);
    await adyen.reverse({ providerReference: psp, idempotencyKey: `reverse-${psp}` });
    expect(notificationsOf(psp)).toEqual([
      ['AUTHORISATION', 'true'],
      ['CAPTURE', 'true'],
      ['REFUND', 'true'],
      ['CANCEL_OR_REFUND', 'true'],
    ]);
  });

  it('a refund of a payment Adyen does not know is a permanent error (422 errorCode 167)', async () => {
    const refund = adyen.refund({
      providerReference: 'UNKNOWNPSP000000',
      amount: 100,
      currency: 'GBP',
      idempotencyKey: 'refund-unknown',
    });
    await expect(refund).rejects.toBeInstanceOf(AdyenRequestError);
    await expect(refund).rejects.toMatchObject({ transient: false, status: 422, body: { errorCode: '167' } });
  });

  it('stores the card with the payment: the token names Adyen shopperReference and storedPaymentMethodId', async () => {
    const input = order(encrypted('5555444433331111'), { storeCard: true });
    const result = await adyen.authorise(input);
    expect(result.status).toBe('authorised');
    const token = (result as { storedCardToken?: string }).storedCardToken!;
    const stored = decodeStoredCardToken(token);
    expect(stored.shopperReference).toBe(`tp-${input.reference}`);
    expect(
      sim.queuedNotifications().find((i) => i.pspReference === result.providerReference)?.additionalData,
    ).toMatchObject({
      'recurring.recurringDetailReference': stored.storedPaymentMethodId,
      'recurring.shopperReference': stored.shopperReference,
    });
  });

  it('3-D Secure by redirect: the challenge URL, the shopper back with redirectResult, finishChallenge decides', async () => {
    const started = await adyen.authorise(order(encrypted('4917610000000000'), { capture: false }));
    expect(started).toMatchObject({ status: 'challenge' });
    const { redirectUrl, providerReference } = started as { redirectUrl: string; providerReference: string };
    expect(redirectUrl.startsWith(sim.url.replace(/\/v71$/, ''))).toBe(true);
    const back = new URL((await sim.shopper(redirectUrl, 'pass'))!);
    const payload = Object.fromEntries(back.searchParams);
    expect(Object.keys(payload)).toEqual(['redirectResult']);
    const finished = await adyen.finishChallenge({ providerReference, payload });
    expect(finished).toMatchObject({
      status: 'authorised',
      captured: false,
      card: { brand: 'VISA', lastFour: '0000' },
    });
    expect(sim.requests.at(-1)!.headers['idempotency-key']).toBe(
      `details-${providerReference.replace(/:manual$/, '')}`,
    );

    const failing = await adyen.authorise(order(encrypted('5454545454545454')));
    const returned = new URL((await sim.shopper((failing as { redirectUrl: string }).redirectUrl, 'fail'))!);
    const refused = await adyen.finishChallenge({
      providerReference: failing.providerReference,
      payload: Object.fromEntries(returned.searchParams),
    });
    expect(refused).toMatchObject({ status: 'declined', reason: '3ds_failed' });
  });

  it('looks the card up with /cardDetails', async () => {
    expect(await adyen.lookupCard(encrypted('2222400070000005'))).toMatchObject({
      brand: 'MASTER',
      funding: 'debit',
      cardClass: 'commercial',
      issuingCountry: 'US',
      bin: '22224000',
      lastFour: '0005',
    });
  });

  it('Pay by Bank: the bank page, back with redirectResult, authorised; an abandoned one ends in OFFER_CLOSED', async () => {
    const input = order({ kind: 'adyen_encrypted', holderName: '', fields: {} });
    const started = await adyen.startOpenBanking({
      reference: input.reference,
      amount: 150000,
      currency: 'GBP',
      returnUrl: input.returnUrl,
      idempotencyKey: `ob-${input.reference}`,
    });
    if (started.status !== 'redirect') throw new Error(`no bank redirect: ${started.status}`);
    const back = new URL((await sim.shopper(started.redirectUrl, 'pass'))!);
    expect(
      await adyen.finishOpenBanking({
        providerReference: started.providerReference,
        payload: Object.fromEntries(back.searchParams),
      }),
    ).toEqual({ status: 'authorised', providerReference: started.providerReference });

    const left = await adyen.startOpenBanking({
      reference: `${input.reference}b`,
      amount: 150000,
      currency: 'GBP',
      returnUrl: input.returnUrl,
      idempotencyKey: `ob-${input.reference}b`,
    });
    if (left.status !== 'redirect') throw new Error(`no bank redirect: ${left.status}`);
    expect(await sim.shopper(left.redirectUrl, 'abandon')).toBeNull();
    expect(notificationsOf(left.providerReference)).toEqual([['OFFER_CLOSED', 'true']]);
  });

  it('a retry under the same Idempotency-Key gets the first answer; findPayment asks Adyen nothing (no documented status query)', async () => {
    const input = order(encrypted('4111111111111111'));
    const first = await adyen.authorise(input);
    expect(await adyen.authorise(input)).toEqual(first);
    expect(notificationsOf(first.providerReference)).toHaveLength(1);
    const sent = sim.requests.length;
    const lookup = { reference: input.reference, idempotencyKey: input.idempotencyKey };
    await expect(adyen.findPayment(lookup)).rejects.toBeInstanceOf(ProcessorOutcomeUnknown);
    await expect(adyen.findPayment({ ...lookup, idempotencyKey: 'never-sent' })).rejects.toBeInstanceOf(
      ProcessorOutcomeUnknown,
    );
    // No replay of /payments under the payment's live key: the AUTHORISATION notification is the answer.
    expect(sim.requests.length).toBe(sent);
    expect(sim.mismatchedReplays).not.toContain(input.idempotencyKey);
  });

  it('failures: transient 500, 500 without the header, dropped connection, timeout with the key still in progress', async () => {
    sim.failNext('/payments', { status: 500, headers: { 'transient-error': 'true' } });
    await expect(adyen.authorise(order(encrypted('4111111111111111')))).rejects.toMatchObject({ transient: true });
    sim.failNext('/payments', { status: 500 });
    await expect(adyen.authorise(order(encrypted('4111111111111111')))).rejects.toBeInstanceOf(ProcessorOutcomeUnknown);
    sim.failNext('/payments', { dropConnection: true, afterProcessing: true });
    const dropped = order(encrypted('4111111111111111'));
    await expect(adyen.authorise(dropped)).rejects.toBeInstanceOf(ProcessorOutcomeUnknown);
    expect((await adyen.authorise(dropped)).status).toBe('authorised');

    sim.failNext('/payments', { delayMs: 20_000 });
    const slow = order(encrypted('4111111111111111'));
    await expect(adyen.authorise(slow)).rejects.toBeInstanceOf(ProcessorOutcomeUnknown); // timed out after 8 s
    await expect(adyen.authorise(slow)).rejects.toThrow(/704/); // still in progress at Adyen
    // Once Adyen finished the first request (recorded with status 0: its client had left), the retry gets its answer.
    const finished = () =>
      sim.requests.filter((r) => r.headers['idempotency-key'] === slow.idempotencyKey && r.status === 0);
    await vi.waitFor(() => expect(finished()).toHaveLength(1), { timeout: 20_000, interval: 100 });
    expect((await adyen.authorise(slow)).status).toBe('authorised');
  });

  it('a wrong API key is a permanent error (401)', async () => {
    const wrong = new AdyenProcessor({
      apiKey: 'AQE_wrong',
      merchantAccount: sim.merchantAccount,
      checkoutUrl: sim.url,
    });
    const attempt = wrong.authorise(order(encrypted('4111111111111111')));
    await expect(attempt).rejects.toBeInstanceOf(ProcessorError);
    await expect(attempt).rejects.toMatchObject({ transient: false, status: 401 });
  });
});
