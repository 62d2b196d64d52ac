import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdyenProcessor } from '@/lib/payments/processor/adyen/adyen-processor';
import { startAdyenSimulator, type AdyenSimulator } from '../../support/adyen-simulator';
import { call } from '../support/api-client';
import { notificationsOf } from '../support/notifications';
import { withTestDatabase } from '../support/test-database';

/**
 * The simulator's notifications as the product's endpoint (POST /api/processor/adyen/notifications)
 * receives them: a small HTTP bridge hands each POST to the route handler. Shows that the envelope, the
 * HMAC signature and Basic auth the simulator sends are what the product verifies, and that late,
 * reversed and repeated deliveries are each stored once.
 */
withTestDatabase();
let bridge: http.Server;
let bridgeUrl = '';
const saved = {
  key: process.env.ADYEN_HMAC_KEY,
  user: process.env.ADYEN_NOTIFICATION_USERNAME,
  password: process.env.ADYEN_NOTIFICATION_PASSWORD,
};
const restore = (name: string, value: string | undefined) =>
  value === undefined ? delete process.env[name] : (process.env[name] = value);

beforeAll(async () => {
  bridge = http.createServer((req, res) => {
    let text = '';
    req
      .on('data', (chunk) => (text += chunk))
      .on('end', () => {
        const headers = req.headers.authorization ? { authorization: req.headers.authorization } : undefined;
        void call('POST', '/processor/adyen/notifications', { rawBody: text, ...(headers ? { headers } : {}) }).then(
          (answer) => res.writeHead(answer.status).end(answer.text),
        );
      });
  });
  await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
  bridgeUrl = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}/api/processor/adyen/notifications`;
});
afterAll(() => {
  bridge.close();
  restore('ADYEN_HMAC_KEY', saved.key);
  restore('ADYEN_NOTIFICATION_USERNAME', saved.user);
  restore('ADYEN_NOTIFICATION_PASSWORD', saved.password);
});

async function withSimulator(
  options: Parameters<typeof startAdyenSimulator>[0],
  run: (sim: AdyenSimulator, adyen: AdyenProcessor) => Promise<void>,
) {
  const sim = await startAdyenSimulator({ ...options, notificationUrl: bridgeUrl });
  try {
    await run(
      sim,
      new AdyenProcessor({ apiKey: sim.apiKey, merchantAccount: sim.merchantAccount, checkoutUrl: sim.url }),
    );
  } finally {
    await sim.close();
  }
}

const encrypted = {
  kind: 'adyen_encrypted' as const,
  holderName: 'Ada',
  fields: {
    encryptedCardNumber: 'test_4111111111111111',
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
  },
};
const authorise = (adyen: AdyenProcessor, reference: string) =>
  adyen.authorise({
    reference,
    amount: 5000,
    currency: 'GBP',
    method: encrypted,
    capture: false,
    storeCard: false,
    returnUrl: 'https://pay.example.com/r',
    idempotencyKey: reference,
  });

describe('the simulator delivering to the product endpoint', () => {
  it('signed items are accepted; reversed and repeated, each is stored once', async () => {
    await withSimulator({}, async (sim, adyen) => {
      process.env.ADYEN_HMAC_KEY = sim.hmacKey;
      const payment = await authorise(adyen, 'sim-notify-1');
      await adyen.capture({
        providerReference: payment.providerReference!,
        amount: 5000,
        currency: 'GBP',
        idempotencyKey: 'sim-notify-1-capture',
      });
      const capturePsp = sim.queuedNotifications().find((i) => i.eventCode === 'CAPTURE')!.pspReference;
      expect(await sim.deliverNotifications({ order: 'reversed', repeat: 3 })).toEqual([200, 200, 200, 200, 200, 200]);
      expect(sim.queuedNotifications()).toEqual([]);
      expect((await notificationsOf(payment.providerReference!)).map((row) => row.eventCode)).toEqual([
        'AUTHORISATION',
      ]);
      expect((await notificationsOf(capturePsp)).map((row) => [row.eventCode, row.success])).toEqual([
        ['CAPTURE', true],
      ]);
    });
  });

  it('with Basic auth configured, the simulator credentials pass; under another HMAC key nothing is accepted and the items stay queued', async () => {
    process.env.ADYEN_NOTIFICATION_USERNAME = 'adyen';
    process.env.ADYEN_NOTIFICATION_PASSWORD = 'secret';
    try {
      await withSimulator({ basicAuth: { username: 'adyen', password: 'secret' } }, async (sim, adyen) => {
        process.env.ADYEN_HMAC_KEY = sim.hmacKey;
        const payment = await authorise(adyen, 'sim-notify-2');
        expect(await sim.deliverNotifications()).toEqual([200]);
        expect(await notificationsOf(payment.providerReference!)).toHaveLength(1);
      });
      await withSimulator(
        { basicAuth: { username: 'adyen', password: 'secret' }, hmacKey: 'AB'.repeat(32) },
        async (sim, adyen) => {
          process.env.ADYEN_HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
          const payment = await authorise(adyen, 'sim-notify-3');
          const [status] = await sim.deliverNotifications();
          expect(status).toBeGreaterThanOrEqual(400);
          expect(sim.queuedNotifications()).toHaveLength(1);
          expect(await notificationsOf(payment.providerReference!)).toHaveLength(0);
        },
      );
    } finally {
      restore('ADYEN_NOTIFICATION_USERNAME', saved.user);
      restore('ADYEN_NOTIFICATION_PASSWORD', saved.password);
    }
  });
});
