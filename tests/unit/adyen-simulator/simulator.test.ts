import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isValidAdyenSignature } from '@/lib/core/processor-notifications/adyen-hmac';
import { notificationBatchSchema } from '@/lib/core/processor-notifications/notification-item';
import { startAdyenSimulator, type AdyenSimulator } from '../../support/adyen-simulator';

/** The simulator itself, over plain fetch: each documented behaviour it models (see tests/support/adyen-simulator/*). */
let sim: AdyenSimulator;
beforeAll(async () => {
  sim = await startAdyenSimulator();
});
afterAll(() => sim.close());

const post = async (path: string, body: unknown, extra: Record<string, string> = {}) => {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': sim.apiKey, ...extra },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
};

let n = 0;
const card = (number: string, holderName = 'Ada Lovelace') => ({
  type: 'scheme',
  encryptedCardNumber: `test_${number}`,
  encryptedExpiryMonth: 'test_03',
  encryptedExpiryYear: 'test_2030',
  encryptedSecurityCode: 'test_737',
  holderName,
});
const payment = (paymentMethod: unknown, extra: Record<string, unknown> = {}) => ({
  merchantAccount: 'TravelPayECOM',
  reference: `txn_${++n}`,
  amount: { currency: 'GBP', value: 12345 },
  paymentMethod,
  returnUrl: 'https://pay.example.com/pay/x/return?lang=en',
  channel: 'Web',
  shopperInteraction: 'Ecommerce',
  authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
  ...extra,
});

describe('authentication and account', () => {
  it('answers 401 with Adyen generic-401 body without a valid X-API-Key', async () => {
    const response = await fetch(`${sim.url}/payments`, {
      method: 'POST',
      headers: { 'X-API-Key': 'wrong' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      status: 401,
      errorCode: '000',
      message: 'HTTP Status Response - Unauthorized',
      errorType: 'security',
    });
  });

  it('answers 403 errorCode 901 for another merchant account', async () => {
    const { status, body } = await post('/payments', payment(card('4111111111111111'), { merchantAccount: 'Other' }));
    expect(status).toBe(403);
    expect(body).toMatchObject({
      status: 403,
      errorCode: '901',
      message: 'Invalid Merchant Account',
      errorType: 'security',
    });
  });
});

describe('/payments with cards', () => {
  it('authorises a test card and reports its facts under Adyen names (isCardCommercial, not cardSchemeCommercial)', async () => {
    const { status, body } = await post('/payments', payment(card('4444333322221111')));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      resultCode: 'Authorised',
      amount: { currency: 'GBP', value: 12345 },
      paymentMethod: { brand: 'visa', type: 'scheme' },
    });
    expect(body.pspReference).toMatch(/^[A-Z0-9]{16}$/);
    expect(body.additionalData).toMatchObject({
      cardBin: '444433',
      issuerBin: '44443333',
      cardSummary: '1111',
      expiryDate: '3/2030',
      cardIssuingCountry: 'GB',
      fundingSource: 'CREDIT',
      isCardCommercial: 'true',
      paymentMethod: 'visa',
      cardPaymentMethod: 'visa',
      cardHolderName: 'Ada Lovelace',
    });
    expect(body.additionalData).not.toHaveProperty('cardSchemeCommercial');
  });

  it.each([
    ['DECLINED', 'Refused', 'Refused', '2'],
    ['CARD_EXPIRED', 'Refused', 'Expired Card', '6'],
    ['NOT_ENOUGH_BALANCE', 'Refused', 'Not enough balance', '12'],
    ['CVC_DECLINED', 'Refused', 'CVC Declined', '24'],
    ['ERROR', 'Error', 'Acquirer Error', '4'],
  ])(
    'holderName %s gives resultCode %s with refusal reason %s (%s)',
    async (holderName, resultCode, refusalReason, refusalReasonCode) => {
      const { body } = await post('/payments', payment(card('5555444433331111', holderName)));
      expect(body).toMatchObject({ resultCode, refusalReason, refusalReasonCode });
      expect(body).not.toHaveProperty('additionalData');
    },
  );

  it('holderName PENDING gives Received and SIM_PENDING gives Pending, each with a later AUTHORISATION', async () => {
    const received = await post('/payments', payment(card('4111111111111111', 'PENDING')));
    const pending = await post('/payments', payment(card('4111111111111111', 'SIM_PENDING')));
    expect(received.body.resultCode).toBe('Received');
    expect(pending.body.resultCode).toBe('Pending');
    const items = sim
      .queuedNotifications()
      .filter((i) => [received.body.pspReference, pending.body.pspReference].includes(i.pspReference));
    expect(items.map((i) => [i.eventCode, i.success])).toEqual([
      ['AUTHORISATION', 'true'],
      ['AUTHORISATION', 'true'],
    ]);
    sim.settleAsynchronously(received.body.pspReference, 'Refused', 'Not enough balance');
    const settled = sim.queuedNotifications().find((i) => i.pspReference === received.body.pspReference)!;
    expect(settled).toMatchObject({ success: 'false', reason: 'Not enough balance' });
    expect(isValidAdyenSignature(settled, settled.additionalData.hmacSignature, sim.hmacKey)).toBe(true);
  });

  it('refuses what it cannot decrypt with 422 errorCode 101', async () => {
    const { status, body } = await post(
      '/payments',
      payment({
        type: 'scheme',
        encryptedCardNumber: 'adyenjs_0_1_25$abc',
        encryptedExpiryMonth: 'x',
        encryptedExpiryYear: 'y',
      }),
    );
    expect(status).toBe(422);
    expect(body).toMatchObject({ errorCode: '101', message: 'Invalid card number', errorType: 'validation' });
  });

  it('stores the card when asked, and charges it later under ContAuth', async () => {
    const first = await post(
      '/payments',
      payment(card('5555444433331111'), {
        storePaymentMethod: true,
        shopperReference: 'tp-a',
        recurringProcessingModel: 'UnscheduledCardOnFile',
      }),
    );
    const id = first.body.additionalData['tokenization.storedPaymentMethodId'];
    expect(first.body.additionalData).toMatchObject({
      'tokenization.shopperReference': 'tp-a',
      'tokenization.store.operationType': 'created',
    });
    const stored = { type: 'scheme', storedPaymentMethodId: id };
    const again = await post(
      '/payments',
      payment(stored, {
        shopperReference: 'tp-a',
        shopperInteraction: 'ContAuth',
        recurringProcessingModel: 'UnscheduledCardOnFile',
      }),
    );
    expect(again.body).toMatchObject({
      resultCode: 'Authorised',
      additionalData: { cardSummary: '1111', cardIssuingCountry: 'GB' },
    });
    const unknown = await post(
      '/payments',
      payment(stored, {
        shopperReference: 'tp-b',
        shopperInteraction: 'ContAuth',
        recurringProcessingModel: 'UnscheduledCardOnFile',
      }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ errorCode: '800', message: 'Contract not found' });
  });
});

describe('redirects', () => {
  it('3-D Secure: RedirectShopper, the shopper returns with only redirectResult, /payments/details decides', async () => {
    const start = await post(
      '/payments',
      payment(card('4917610000000000'), { additionalData: { manualCapture: 'true' } }),
    );
    expect(start.body).toMatchObject({
      resultCode: 'RedirectShopper',
      action: { type: 'redirect', method: 'GET', paymentMethodType: 'scheme' },
    });
    const back = await sim.shopper(start.body.action.url, 'pass');
    const url = new URL(back!);
    expect(`${url.origin}${url.pathname}`).toBe('https://pay.example.com/pay/x/return');
    expect([...url.searchParams.keys()]).toEqual(['lang', 'redirectResult']);
    const details = await post(
      '/payments/details',
      { details: { redirectResult: url.searchParams.get('redirectResult') } },
      { 'Idempotency-Key': 'd-1' },
    );
    expect(details.body).toMatchObject({ resultCode: 'Authorised', pspReference: start.body.pspReference });
    const replay = await post(
      '/payments/details',
      { details: { redirectResult: url.searchParams.get('redirectResult') } },
      { 'Idempotency-Key': 'd-1' },
    );
    expect(replay.body).toEqual(details.body);
    const reused = await post(
      '/payments/details',
      { details: { redirectResult: url.searchParams.get('redirectResult') } },
      { 'Idempotency-Key': 'd-2' },
    );
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ errorCode: '14_018', message: 'Invalid payload provided' });
  });

  it('3-D Secure failed: Refused "3D Not Authenticated" code 11', async () => {
    const start = await post('/payments', payment(card('5454545454545454')));
    const back = new URL((await sim.shopper(start.body.action.url, 'fail'))!);
    const details = await post('/payments/details', {
      details: { redirectResult: back.searchParams.get('redirectResult') },
    });
    expect(details.body).toMatchObject({
      resultCode: 'Refused',
      refusalReason: '3D Not Authenticated',
      refusalReasonCode: '11',
    });
  });

  it('Pay by Bank: redirect to the bank; abandoning never returns and queues OFFER_CLOSED', async () => {
    const start = await post(
      '/payments',
      payment({ type: 'paybybank' }, { authenticationData: undefined, countryCode: 'GB' }),
    );
    expect(start.body).toMatchObject({
      resultCode: 'RedirectShopper',
      action: { paymentMethodType: 'paybybank', method: 'GET' },
    });
    expect(await sim.shopper(start.body.action.url, 'abandon')).toBeNull();
    expect(sim.queuedNotifications().find((i) => i.pspReference === start.body.pspReference)?.eventCode).toBe(
      'OFFER_CLOSED',
    );
    const paid = await post('/payments', payment({ type: 'paybybank' }, { authenticationData: undefined }));
    const back = new URL((await sim.shopper(paid.body.action.url, 'pass'))!);
    expect(
      (await post('/payments/details', { details: { redirectResult: back.searchParams.get('redirectResult') } })).body
        .resultCode,
    ).toBe('Authorised');
  });
});

describe('/cardDetails', () => {
  it('answers the brands, funding, commercial flag and country of a test card', async () => {
    const { body } = await post('/cardDetails', {
      merchantAccount: 'TravelPayECOM',
      encryptedCardNumber: 'test_2222400070000005',
    });
    expect(body).toEqual({
      brands: [{ type: 'mc', supported: true }],
      fundingSource: 'DEBIT',
      isCardCommercial: true,
      issuingCountryCode: 'US',
    });
  });
});

describe('modifications', () => {
  it('capture, refund, reversal and cancel answer 201 received and queue their notifications', async () => {
    const auth = await post(
      '/payments',
      payment(card('4111111111111111'), { additionalData: { manualCapture: 'true' } }),
    );
    const psp = auth.body.pspReference as string;
    const capture = await post(`/payments/${psp}/captures`, {
      merchantAccount: 'TravelPayECOM',
      amount: { currency: 'GBP', value: 12345 },
    });
    expect(capture.status).toBe(201);
    expect(capture.body).toMatchObject({
      merchantAccount: 'TravelPayECOM',
      paymentPspReference: psp,
      status: 'received',
      amount: { currency: 'GBP', value: 12345 },
    });
    const refund = await post(`/payments/${psp}/refunds`, {
      merchantAccount: 'TravelPayECOM',
      amount: { currency: 'GBP', value: 99999 },
    });
    expect(refund.status).toBe(201);
    const reversal = await post(`/payments/${psp}/reversals`, { merchantAccount: 'TravelPayECOM' });
    expect(reversal.body).not.toHaveProperty('amount');
    const items = sim.queuedNotifications().filter((i) => i.originalReference === psp);
    expect(items.map((i) => [i.eventCode, i.success, i.reason])).toEqual([
      ['CAPTURE', 'true', ''],
      ['REFUND', 'false', 'Insufficient balance on payment'],
      ['CANCEL_OR_REFUND', 'true', ''],
    ]);
    const other = await post(
      '/payments',
      payment(card('4111111111111111'), { additionalData: { manualCapture: 'true' } }),
    );
    const cancel = await post('/cancels', {
      merchantAccount: 'TravelPayECOM',
      paymentReference: other.body.merchantReference,
    });
    expect(cancel.body).toMatchObject({ paymentReference: other.body.merchantReference, status: 'received' });
    expect(sim.queuedNotifications().find((i) => i.originalReference === other.body.pspReference)).toMatchObject({
      eventCode: 'CANCELLATION',
      success: 'true',
    });
  });

  it('an unknown pspReference answers 422 errorCode 167', async () => {
    const { status, body } = await post('/payments/UNKNOWNPSP0000000/refunds', {
      merchantAccount: 'TravelPayECOM',
      amount: { currency: 'GBP', value: 1 },
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      errorCode: '167',
      message: 'Original pspReference required for this operation',
      errorType: 'validation',
    });
  });

  it('holderName "refund failed" gives REFUND then REFUND_FAILED; failModification refuses the next one', async () => {
    const auth = await post('/payments', payment(card('4111111111111111', 'refund failed')));
    const psp = auth.body.pspReference as string;
    await post(`/payments/${psp}/refunds`, {
      merchantAccount: 'TravelPayECOM',
      amount: { currency: 'GBP', value: 100 },
    });
    sim.failModification(psp, 'REFUND', 'Refund refused by test');
    await post(`/payments/${psp}/refunds`, {
      merchantAccount: 'TravelPayECOM',
      amount: { currency: 'GBP', value: 100 },
    });
    const items = sim.queuedNotifications().filter((i) => i.originalReference === psp);
    expect(items.map((i) => [i.eventCode, i.success])).toEqual([
      ['REFUND', 'true'],
      ['REFUND_FAILED', 'true'],
      ['REFUND', 'false'],
    ]);
  });
});

describe('idempotency', () => {
  it('same key: the stored answer with the Idempotency-Key header, nothing processed twice', async () => {
    const body = payment(card('4111111111111111'));
    const first = await post('/payments', body, { 'Idempotency-Key': 'k-same' });
    const second = await post('/payments', body, { 'Idempotency-Key': 'k-same' });
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotency-key')).toBe('k-same');
    expect(sim.queuedNotifications().filter((i) => i.merchantReference === body.reference)).toHaveLength(1);
    const replay = await post(
      '/payments',
      {
        merchantAccount: 'TravelPayECOM',
        reference: body.reference,
        amount: body.amount,
        paymentMethod: { type: 'scheme' },
      },
      { 'Idempotency-Key': 'k-same' },
    );
    expect(replay.body).toEqual(first.body);
    expect(sim.mismatchedReplays).toContain('k-same');
  });

  it('same key while the first is in progress: 422 errorCode 704', async () => {
    const slow = await startAdyenSimulator({ latencyMs: 300 });
    try {
      const send = () =>
        fetch(`${slow.url}/payments`, {
          method: 'POST',
          headers: { 'X-API-Key': slow.apiKey, 'Idempotency-Key': 'k-704' },
          body: JSON.stringify(payment(card('4111111111111111'))),
        });
      const [a, b] = await Promise.all([send(), new Promise((r) => setTimeout(r, 50)).then(send)]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(422);
      expect(await b.json()).toEqual({
        status: 422,
        errorCode: '704',
        message: 'request already processed or in progress',
        errorType: 'validation',
      });
    } finally {
      await slow.close();
    }
  });
});

describe('OpenAPI check', () => {
  it('a /payments without returnUrl is answered 422 14_030 and recorded as a violation', async () => {
    const body: Record<string, unknown> = payment(card('4111111111111111'));
    delete body.returnUrl;
    const { status, body: answer } = await post('/payments', body);
    expect(status).toBe(422);
    expect(answer).toMatchObject({ errorCode: '14_030', message: 'Return URL is missing.', errorType: 'validation' });
    expect(sim.violations.at(-1)).toBe('/payments PaymentRequest.returnUrl: is not provided');
  });

  it('wrong types, enum values and unknown fields are violations', async () => {
    const before = sim.violations.length;
    expect(
      (await post('/payments', payment(card('4111111111111111'), { amount: { currency: 'GBP', value: '1' } }))).status,
    ).toBe(422);
    expect((await post('/payments', payment(card('4111111111111111'), { shopperInteraction: 'Phone' }))).status).toBe(
      422,
    );
    const unknown = await post('/payments/ABC/captures', {
      merchantAccount: 'TravelPayECOM',
      amount: { currency: 'GBP', value: 1 },
      colour: 'red',
    });
    expect(unknown).toMatchObject({ status: 400, body: { errorCode: '702' } });
    expect(sim.violations.slice(before)).toEqual([
      '/payments PaymentRequest.amount.value: expected integer',
      '/payments PaymentRequest.shopperInteraction: not one of Ecommerce, ContAuth, Moto, POS',
      '/payments/ABC/captures PaymentCaptureRequest.colour: is not a field of the schema',
    ]);
  });
});

describe('failNext', () => {
  it('answers a 500 with transient-error, then behaves again', async () => {
    sim.failNext('/payments', { status: 500, headers: { 'transient-error': 'true' } });
    const failed = await post('/payments', payment(card('4111111111111111')));
    expect(failed.status).toBe(500);
    expect(failed.headers.get('transient-error')).toBe('true');
    expect(failed.body).toMatchObject({ status: 500, errorType: 'configuration' });
    expect((await post('/payments', payment(card('4111111111111111')))).status).toBe(200);
  });

  it('drops the connection after processing: the retry under the same key gets the stored answer', async () => {
    sim.failNext(/\/payments$/, { dropConnection: true, afterProcessing: true });
    const body = payment(card('4111111111111111'));
    await expect(post('/payments', body, { 'Idempotency-Key': 'k-drop' })).rejects.toThrow();
    const retry = await post('/payments', body, { 'Idempotency-Key': 'k-drop' });
    expect(retry.body.resultCode).toBe('Authorised');
    expect(sim.queuedNotifications().filter((i) => i.merchantReference === body.reference)).toHaveLength(1);
  });

  it('with bodyIncludes, fails only the request whose body holds that text; the others pass it by', async () => {
    sim.failNext('/payments', { status: 500, bodyIncludes: 'test_4988438843884305' });
    expect((await post('/payments', payment(card('4111111111111111')))).status).toBe(200);
    expect((await post('/payments', payment(card('4988438843884305')))).status).toBe(500);
    expect((await post('/payments', payment(card('4988438843884305')))).status).toBe(200);
  });
});

describe('a slow Adyen ({ delayMs } alone)', () => {
  it('processes late, holds the key in progress meanwhile (704), then replays the stored answer', async () => {
    sim.failNext('/payments', { delayMs: 1_500 });
    const body = JSON.stringify(payment(card('4111111111111111')));
    const send = (signal?: AbortSignal) =>
      fetch(`${sim.url}/payments`, {
        method: 'POST',
        headers: { 'X-API-Key': sim.apiKey, 'Idempotency-Key': 'k-slow' },
        body,
        ...(signal ? { signal } : {}),
      });
    await expect(send(AbortSignal.timeout(100))).rejects.toThrow();
    const during = await send();
    expect(await during.json()).toMatchObject({ errorCode: '704' });
    // The first request finishes at the simulator once its delay is over (recorded with status 0: its client left).
    await vi.waitFor(
      () => expect(sim.requests.filter((r) => r.headers['idempotency-key'] === 'k-slow')).toHaveLength(2),
      { timeout: 5_000, interval: 50 },
    );
    const after = await send();
    expect(await after.json()).toMatchObject({ resultCode: 'Authorised' });
    expect(sim.requests.filter((r) => r.headers['idempotency-key'] === 'k-slow').map((r) => r.status)).toEqual([
      422, 0, 200,
    ]);
  });
});

describe('notifications', () => {
  it('are HMAC-signed as the product verifies them, sent in Adyen envelope, reversed and repeated on demand', async () => {
    const received: { body: any; authorization?: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let text = '';
      req
        .on('data', (c) => (text += c))
        .on('end', () => {
          received.push({ body: JSON.parse(text), authorization: req.headers.authorization });
          res.end('[accepted]');
        });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const own = await startAdyenSimulator({ basicAuth: { username: 'adyen', password: 'secret' } });
    try {
      own.setNotificationUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`);
      const send = (holderName: string) =>
        fetch(`${own.url}/payments`, {
          method: 'POST',
          headers: { 'X-API-Key': own.apiKey },
          body: JSON.stringify(payment(card('4111111111111111', holderName))),
        });
      await send('Ada');
      await send('DECLINED');
      expect(await own.deliverNotifications({ order: 'reversed', repeat: 2 })).toEqual([200, 200, 200, 200]);
      expect(own.queuedNotifications()).toEqual([]);
      const items = received.map((r) => r.body.notificationItems[0].NotificationRequestItem);
      expect(received[0]!.body.live).toBe('false');
      for (const r of received) expect(notificationBatchSchema.safeParse(r.body).success).toBe(true);
      expect(received[0]!.authorization).toBe(`Basic ${Buffer.from('adyen:secret').toString('base64')}`);
      expect(items.map((i) => i.success)).toEqual(['false', 'false', 'true', 'true']);
      for (const item of items)
        expect(isValidAdyenSignature(item, item.additionalData.hmacSignature, own.hmacKey)).toBe(true);
      expect(
        isValidAdyenSignature({ ...items[0], success: 'true' }, items[0].additionalData.hmacSignature, own.hmacKey),
      ).toBe(false);
    } finally {
      await own.close();
      receiver.close();
    }
  });
});
