import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTerminalOrder } from '@/lib/core/terminal/open-terminal-order';
import { payTerminalOrder, terminalCardCheck } from '@/lib/core/terminal/pay-terminal-order';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import type { PaymentMethodInput } from '@/lib/payments/processor';
import { startAdyenSimulator, type AdyenSimulator } from '../../support/adyen-simulator';
import { createBookingVia, createTenant } from '../support/fixtures';
import { actorFor } from '../support/races';
import { withTestDatabase } from '../support/test-database';

/*
 * The virtual terminal on the production path (issue 18 item 4): MODE=production, the Adyen adapter and the
 * Adyen simulator, which checks every request against Adyen's v71 request schemas (sim.violations). The e2e
 * production server has no back-office sign-in (no sandbox mailbox or one-click sign-in there), so the
 * production request shape is tested here, at the core's entry the dashboard's actions call.
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

// adyen-web's encrypted fields, as Adyen's test values ("test_" + the plain value) the simulator reads.
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

async function order(method: 'MOTO_OTHER' | 'MOTO_IN_PERSON' = 'MOTO_OTHER') {
  const db = await getDb();
  const { admin, parentId } = await createTenant('Phone');
  const booking = await createBookingVia(admin.token, parentId, { email: 'caller@example.com' });
  const actor = await actorFor(db, admin.apiKeyId);
  const { id } = await openTerminalOrder(db, actor, parentId, { booking, amount: 8000, currency: 'GBX', method });
  return { db, actor, id };
}

const pay = async (ids: Awaited<ReturnType<typeof order>>, method: PaymentMethodInput) =>
  payTerminalOrder(ids.db, ids.actor, ids.id, {
    method,
    returnUrl: `https://pay.example.com/dashboard/terminal/${ids.id}`,
    ipAddress: '198.51.100.9',
  });

describe('the virtual terminal in production, against the Adyen simulator', () => {
  it('sends a Moto payment with no 3-D Secure, browser or IP data; a 3DS test card authorises without a challenge', async () => {
    const ids = await order();
    production();
    // 4917 6100 0000 0000: Adyen's 3DS2 test card, which asks an Ecommerce payment for a challenge.
    const outcome = await pay(ids, encrypted('4917610000000000'));
    expect(outcome).toMatchObject({ outcome: 'paid' });
    const sent = sim.requests.filter(
      (r) =>
        r.path === '/payments' &&
        (r.body as { reference?: string }).reference === (outcome as { transactionId: string }).transactionId,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      shopperInteraction: 'Moto',
      shopperEmail: 'caller@example.com',
      amount: { value: 8000, currency: 'GBP' },
    });
    for (const name of [
      'authenticationData',
      'browserInfo',
      'shopperIP',
      'origin',
      'redirectToIssuerMethod',
      'storePaymentMethod',
    ])
      expect(sent[0]!.body).not.toHaveProperty(name);
    const [row] = await ids.db.select().from(transactions).where(eq(transactions.paymentLinkId, ids.id));
    expect(row).toMatchObject({ status: 'COMPLETE', method: 'MOTO_OTHER', cardLastFour: '0000' });
  });

  it('records MOTO_IN_PERSON when staff chose it, and a refusal with the issuer’s reason', async () => {
    const inPerson = await order('MOTO_IN_PERSON');
    production();
    expect(await pay(inPerson, encrypted('4111111111111111'))).toMatchObject({ outcome: 'paid' });
    const [taken] = await inPerson.db.select().from(transactions).where(eq(transactions.paymentLinkId, inPerson.id));
    expect(taken).toMatchObject({ status: 'COMPLETE', method: 'MOTO_IN_PERSON' });
    vi.unstubAllEnvs();
    const refused = await order();
    production();
    expect(await pay(refused, encrypted('4111111111111111', 'NOT_ENOUGH_BALANCE'))).toMatchObject({
      outcome: 'declined',
      reason: 'insufficient_funds',
    });
  });

  it('asks Adyen for the card’s facts (/cardDetails) for the terminal’s card check, as the hosted checkout does', async () => {
    const ids = await order();
    production();
    const lookups = () => sim.requests.filter((r) => r.path === '/cardDetails').length;
    const before = lookups();
    const check = await terminalCardCheck(
      ids.db,
      ids.actor,
      ids.id,
      { kind: 'adyen_encrypted', encryptedCardNumber: 'test_4111111111111111', bin: '41111111', lastFour: '1111' },
      null,
    );
    expect(check).toMatchObject({ status: 'accepted', card: { brand: 'VISA' } });
    expect(lookups()).toBe(before + 1);
  });
});
