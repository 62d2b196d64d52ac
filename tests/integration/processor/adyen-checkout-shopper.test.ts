import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import type { PaymentMethodInput } from '@/lib/payments/processor';
import { startAdyenSimulator, type AdyenSimulator } from '../../support/adyen-simulator';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

/*
 * Issue 15, defects 4, 5, 9 and 10 on the production path: MODE=production, the Adyen adapter, and the
 * Adyen simulator, which checks every request against Adyen's v71 request schemas (sim.violations).
 */
withTestDatabase();
let sim: AdyenSimulator;
beforeAll(async () => {
  sim = await startAdyenSimulator({ latencyMs: 0 });
});
afterAll(() => sim.close());
afterEach(() => {
  expect(sim.violations).toEqual([]);
  vi.unstubAllEnvs();
});

function production() {
  vi.stubEnv('MODE', 'production');
  vi.stubEnv('ADYEN_API_KEY', sim.apiKey);
  vi.stubEnv('ADYEN_MERCHANT_ACCOUNT', sim.merchantAccount);
  vi.stubEnv('ADYEN_CHECKOUT_URL', sim.url);
  vi.stubEnv('ADYEN_TIMEOUT_MS', '3000');
}

const browserInfo = {
  acceptHeader: 'text/html',
  colorDepth: 24,
  javaEnabled: false,
  language: 'fr-FR',
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: -60,
  userAgent: 'Mozilla/5.0',
};
const encrypted = (number: string, extra: Record<string, string> = {}): PaymentMethodInput => ({
  kind: 'adyen_encrypted',
  holderName: 'Ada Lovelace',
  fields: {
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    bin: number.slice(0, 8),
    lastFour: number.slice(-4),
    ...extra,
  },
});
const noRules = { surcharging_enabled: false, dcc_enabled: false, excluded_card_types: [], excluded_card_regions: [] };
const paymentsSentFor = (reference: string) =>
  sim.requests.filter((r) => r.path === '/payments' && (r.body as { reference?: string }).reference === reference);
const attemptsOn = async (id: string) =>
  (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, id));

async function createSession(token: string, organisation: string, extra: Record<string, unknown> = {}) {
  const response = await api.put(
    '/agent/ecommerce',
    { organisation, customer_name: 'Eve', email: 'eve@example.com', amount: 4999, ...extra },
    { token },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.data.id as string;
}

describe('card payments in production, against the Adyen simulator (issue 15)', () => {
  it('an online payment sends the 3-D Secure 2 shopper data Adyen recommends', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { ...noRules, email: 'payer@example.com' });
    production();
    const outcome = await pay(link, undefined, {
      method: encrypted('4111111111111111', { browserInfo: JSON.stringify(browserInfo) }),
      ipAddress: '203.0.113.5',
      returnUrl: 'https://pay.example.com/fr/x/return',
    });
    expect(outcome).toMatchObject({ outcome: 'paid' });
    const [sent] = paymentsSentFor((outcome as { transactionId: string }).transactionId);
    expect(sent!.body).toMatchObject({
      shopperInteraction: 'Ecommerce',
      channel: 'Web',
      shopperEmail: 'payer@example.com',
      shopperIP: '203.0.113.5',
      origin: 'https://pay.example.com',
      browserInfo,
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
      redirectToIssuerMethod: 'GET',
      redirectFromIssuerMethod: 'GET',
    });
  });

  it('a MOTO payment on a session that allows it reaches Adyen as Moto, with no 3-D Secure or redirect fields', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createSession(admin.token, parentId, { moto_enabled: true });
    production();
    const outcome = await pay(id, undefined, {
      method: encrypted('4111111111111111', { browserInfo: JSON.stringify(browserInfo) }),
      transactionMethod: 'MOTO_IN_PERSON',
      ipAddress: '198.51.100.7',
    });
    expect(outcome).toMatchObject({ outcome: 'paid' });
    const [sent] = paymentsSentFor((outcome as { transactionId: string }).transactionId);
    expect(sent!.body).toMatchObject({ shopperInteraction: 'Moto', shopperEmail: 'eve@example.com' });
    for (const name of [
      'authenticationData',
      'redirectToIssuerMethod',
      'redirectFromIssuerMethod',
      'browserInfo',
      'shopperIP',
      'origin',
    ])
      expect(sent!.body).not.toHaveProperty(name);
    expect(await attemptsOn(id)).toEqual([expect.objectContaining({ status: 'COMPLETE', method: 'MOTO_IN_PERSON' })]);
  });

  it('the MOTO flag on a session that does not allow it never reaches Adyen, and nothing is recorded', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createSession(admin.token, parentId);
    production();
    const before = sim.requests.length;
    expect(
      await pay(id, undefined, { method: encrypted('4111111111111111'), transactionMethod: 'MOTO_IN_PERSON' }),
    ).toMatchObject({ outcome: 'not_allowed' });
    expect(sim.requests.length).toBe(before);
    expect(await attemptsOn(id)).toEqual([]);
  });

  it('a /cardDetails failure on a link with card rules: FAILED card_lookup_failed, no /payments call, no throw', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { ...noRules, excluded_card_types: ['AMEX'] });
    production();
    sim.failNext('/cardDetails', { status: 500, headers: { 'transient-error': 'true' } });
    const outcome = await pay(link, undefined, { method: encrypted('4111111111111111') });
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: 'card_lookup_failed' });
    expect(paymentsSentFor((outcome as { transactionId: string }).transactionId)).toEqual([]);
    expect(await attemptsOn(link)).toEqual([
      expect.objectContaining({ status: 'FAILED', failureReason: 'card_lookup_failed' }),
    ]);
    // Adyen back: the same link is paid.
    expect(await pay(link, undefined, { method: encrypted('4111111111111111') })).toMatchObject({ outcome: 'paid' });
  });

  it('no DCC in production: a Spanish card on a pound link with DCC allowed pays in pounds, nothing offered', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { ...noRules, dcc_enabled: true });
    production();
    const outcome = await pay(link, undefined, { method: encrypted('4988438843884305'), acceptDcc: true });
    expect(outcome).toMatchObject({ outcome: 'paid' });
    expect(await attemptsOn(link)).toEqual([
      expect.objectContaining({ status: 'COMPLETE', dcc: null, processorCurrency: 'GBP', processorAmount: 10_000 }),
    ]);
    expect(paymentsSentFor((outcome as { transactionId: string }).transactionId)[0]!.body).toMatchObject({
      amount: { currency: 'GBP', value: 10_000 },
    });
  });
});
