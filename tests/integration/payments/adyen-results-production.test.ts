import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { savedCards, scheduledPayments, transactions } from '@/lib/db/schema';
import { runUntilIdle } from '@/lib/runner/run-once';
import { startAdyenSimulator, type AdyenSimulator } from '../../support/adyen-simulator';
import { api, call } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

/*
 * Issue 15 (2, 14, 16, recurring part of 10) in production mode, against the
 * Adyen simulator (docs/adyen-simulator.md): Received leaves the payment
 * unsettled until Adyen's AUTHORISATION notification; a commercial card is
 * read from isCardCommercial; stored-card charges carry returnUrl and the
 * recurringProcessingModel of their use, and break no v71 rule.
 */
withTestDatabase();
const ENV = ['MODE', 'ADYEN_CHECKOUT_URL', 'ADYEN_API_KEY', 'ADYEN_MERCHANT_ACCOUNT', 'ADYEN_HMAC_KEY'] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
let sim: AdyenSimulator;
let bridge: http.Server;

beforeAll(async () => {
  sim = await startAdyenSimulator({ latencyMs: 0 });
  // Adyen's notifications reach the product's endpoint (POST /api/processor/adyen/notifications).
  bridge = http.createServer((req, res) => {
    let text = '';
    req
      .on('data', (chunk) => (text += chunk))
      .on('end', () => {
        void call('POST', '/processor/adyen/notifications', { rawBody: text }).then((answer) =>
          res.writeHead(answer.status).end(answer.text),
        );
      });
  });
  await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
  sim.setNotificationUrl(
    `http://127.0.0.1:${(bridge.address() as AddressInfo).port}/api/processor/adyen/notifications`,
  );
}, 30_000);
afterAll(async () => {
  bridge.close();
  await sim.close();
});
afterEach(() => {
  production(false);
  expect(sim.violations).toEqual([]);
});

/** The service in production mode against the simulator (switched on after the fixtures are made through the API). */
function production(on = true) {
  const values = {
    MODE: 'production',
    ADYEN_CHECKOUT_URL: sim.url,
    ADYEN_API_KEY: sim.apiKey,
    ADYEN_MERCHANT_ACCOUNT: sim.merchantAccount,
    ADYEN_HMAC_KEY: sim.hmacKey,
  };
  for (const name of ENV) {
    const value = on ? values[name] : saved[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** adyen-web's fields for one of Adyen's test cards ("test_" values), as the checkout page posts them. */
const adyenCard = (number: string, holderName = 'Ada Lovelace') => ({
  kind: 'adyen_encrypted' as const,
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
const payWith = (link: string, number: string, extra: Parameters<typeof pay>[2] = {}, holderName?: string) =>
  pay(link, undefined, { method: adyenCard(number, holderName), ...extra });

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

describe('Adyen Received (production mode)', () => {
  it('leaves the card payment unsettled and the link "being confirmed" until the AUTHORISATION notification completes it', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    production();
    // Adyen's test holder name PENDING: resultCode Received, the outcome notified later.
    const outcome = await payWith(link, '4111111111111111', {}, 'PENDING');
    expect(outcome).toMatchObject({ outcome: 'unsettled' });
    const id = (outcome as { transactionId: string }).transactionId;
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });
    const psp = sim.queuedNotifications().find((n) => n.merchantReference === id)?.pspReference;
    expect(psp).toBeTruthy();
    expect(row.providerReference).toBe(psp);
    await expect(payWith(link, '4111111111111111')).rejects.toMatchObject({
      code: 'checkout.payment_in_progress',
      message: expect.stringMatching(/being confirmed/),
    });

    expect(await sim.deliverNotifications()).toEqual([200]); // [accepted]
    expect(await rowOf(id)).toMatchObject({ status: 'COMPLETE', stage: null });
    await expect(payWith(link, '4111111111111111')).rejects.toMatchObject({ code: 'checkout.already_paid' });
  });
});

describe('a commercial card (production mode)', () => {
  it("takes the commercial surcharge and is recorded commercial, from Adyen's isCardCommercial", async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { amount: 10000 });
    production();
    // 4444 3333 2222 1111: a GB commercial Visa in Adyen's test cards.
    expect(await payWith(link, '4444333322221111')).toEqual({
      outcome: 'confirm_surcharge',
      surcharge: 150,
      total: 10150,
    });
    const paid = await payWith(link, '4444333322221111', { acceptedSurcharge: 150 });
    expect(paid).toMatchObject({ outcome: 'paid' });
    expect(await rowOf((paid as { transactionId: string }).transactionId)).toMatchObject({
      status: 'COMPLETE',
      amount: 10150,
      surcharge: 150,
      binType: 'commercial',
    });
    await sim.deliverNotifications();
  });
});

describe('stored-card charges (production mode)', () => {
  it('carry returnUrl and their model: UnscheduledCardOnFile when charged through the API, Subscription on a scheduled date', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const link = await createLinkVia(admin.token, parentId, { booking_id: bookingId, store_card_forced: true });
    production();
    expect(await payWith(link, '5555555555554444')).toMatchObject({ outcome: 'paid' });
    const storing = sim.requests.filter((r) => r.path === '/payments').at(-1)!.body as Record<string, unknown>;
    expect(storing).toMatchObject({
      shopperInteraction: 'Ecommerce',
      storePaymentMethod: true,
      recurringProcessingModel: 'UnscheduledCardOnFile',
    });
    const [card] = await (await getDb()).select().from(savedCards).where(eq(savedCards.bookingId, bookingId));

    const charged = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: card!.id, amount: 2500 },
      { token: admin.token },
    );
    expect(charged.status, charged.text).toBe(200);
    const adHoc = sim.requests.filter((r) => r.path === '/payments').at(-1)!;
    expect(adHoc.status).toBe(200);
    expect(adHoc.body).toMatchObject({
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'UnscheduledCardOnFile',
      returnUrl: expect.stringMatching(/^https?:\/\//),
    });

    const scheduled = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: card!.id, amount: 3000, date: new Date(now().getTime() - 60_000).toISOString() },
      { token: admin.token },
    );
    expect(scheduled.status, scheduled.text).toBe(200);
    await runUntilIdle(await getDb());
    const onDate = sim.requests.filter((r) => r.path === '/payments').at(-1)!;
    expect(onDate.status).toBe(200);
    expect(onDate.body).toMatchObject({
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'Subscription',
      returnUrl: expect.stringMatching(/^https?:\/\//),
      amount: { value: 3000 },
    });
    const [payment] = await (
      await getDb()
    )
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.bookingId, bookingId));
    expect(payment).toMatchObject({ status: 'COMPLETE' });
    await sim.deliverNotifications();
  });
});
