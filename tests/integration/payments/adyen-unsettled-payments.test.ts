import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { NO_PROCESSOR_ANSWER, UNRESOLVED_AFTER_MS } from '@/lib/core/payments/unresolved-payment';
import { getDb } from '@/lib/db/client';
import { emailOutbox, transactions } from '@/lib/db/schema';
import type { PaymentMethodInput } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import type { AdyenSimulator } from '../../support/adyen-simulator';
import { withAdyenSimulator } from '../support/adyen-production';
import { createTenant } from '../support/fixtures';
import { postNotifications } from '../support/notifications';
import { createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

/**
 * MODE=production against the Adyen simulator: Adyen has no status query, so
 * an unsettled payment ends only by its notification (AUTHORISATION,
 * OFFER_CLOSED) or, after a day, by one alert; the runner never replays
 * /payments under the payment's key and never abandons on its own.
 */
withTestDatabase();
const simulator = withAdyenSimulator({ timeoutMs: 2000 });
let sim: AdyenSimulator;
beforeAll(() => {
  sim = simulator();
});
afterEach(() => {
  setClockOffset(0);
  vi.restoreAllMocks();
});

const MINUTE = 60_000;
const encrypted = (number: string): PaymentMethodInput => ({
  kind: 'adyen_encrypted',
  holderName: 'Ada Lovelace',
  fields: {
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    bin: number.slice(0, 8),
    lastFour: number.slice(-4),
  },
});

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

/** The runner with the clock `ms` after real time (production mode: this process's offset). */
async function runAt(ms: number) {
  setClockOffset(ms);
  try {
    return await runUntilIdle(await getDb());
  } finally {
    setClockOffset(0);
  }
}

/** Delivers what Adyen queued for a payment, as Adyen posts it (one item per request), to the endpoint in-process. */
async function deliver(psp: string, eventCode: string) {
  const items = sim.queuedNotifications().filter((item) => item.pspReference === psp && item.eventCode === eventCode);
  expect(items).toHaveLength(1);
  const response = await postNotifications({
    live: 'false',
    notificationItems: [{ NotificationRequestItem: items[0] }],
  });
  expect(response.text).toBe('[accepted]');
}

const paymentCallsUnder = (key: string) =>
  sim.requests.filter((r) => r.path.startsWith('/payments') && r.headers['idempotency-key'] === key);
const alertsOf = async (organisationId: string) =>
  (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.organisationId, organisationId), eq(emailOutbox.kind, 'alert:payment_unresolved')));

describe('production: an unsettled Adyen payment', () => {
  it('whose answer was lost is asked nothing, stays unsettled, alerts once past a day, and is settled by its AUTHORISATION', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    // Adyen authorises, and the connection drops before its answer arrives.
    sim.failNext('/payments', { dropConnection: true, afterProcessing: true });
    const outcome = await payByCard(await getDb(), {
      checkoutId: link,
      method: encrypted('4111111111111111'),
      returnUrl: 'https://pay.example.com/return',
    });
    expect(outcome).toMatchObject({ outcome: 'unsettled' });
    const id = (outcome as { transactionId: string }).transactionId;
    const [authorised] = sim
      .queuedNotifications()
      .filter((item) => item.merchantReference === id && item.eventCode === 'AUTHORISATION');
    expect(authorised).toBeDefined();

    await runAt(2 * MINUTE);
    await runAt(UNRESOLVED_AFTER_MS - 30 * MINUTE);
    expect(await rowOf(id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled', failureReason: null });
    // The one /payments call is the payment itself: no replay under its live key.
    expect(paymentCallsUnder(id)).toHaveLength(1);

    const row = await rowOf(id);
    await runAt(UNRESOLVED_AFTER_MS + 5 * MINUTE);
    await runAt(UNRESOLVED_AFTER_MS + 3 * 60 * MINUTE);
    expect(await rowOf(id)).toMatchObject({
      status: 'PAYMENTINPROGRESS',
      stage: 'unsettled',
      failureReason: NO_PROCESSOR_ANSWER,
    });
    expect(await alertsOf(row.organisationId)).toHaveLength(1);
    expect(paymentCallsUnder(id)).toHaveLength(1);

    await deliver(authorised!.pspReference, 'AUTHORISATION');
    expect(await rowOf(id)).toMatchObject({
      status: 'COMPLETE',
      failureReason: null,
      providerReference: authorised!.pspReference,
    });
  });

  it('a Pay by Bank payment the shopper abandoned: unsettled after 30 minutes (never abandoned by the runner), freed by OFFER_CLOSED', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
    const started = await startOpenBankingPayment(await getDb(), {
      checkoutId: link,
      returnUrl: 'https://pay.example.com/return',
    });
    const row = await rowOf(started.transactionId);
    expect(row).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'bank' });
    expect(await sim.shopper(started.redirectUrl, 'abandon')).toBeNull();

    await runAt(31 * MINUTE);
    await runAt(3 * 60 * MINUTE);
    expect(await rowOf(row.id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });
    expect(paymentCallsUnder(row.id)).toHaveLength(1);

    await deliver(row.providerReference!, 'OFFER_CLOSED');
    expect(await rowOf(row.id)).toMatchObject({ status: 'ABANDONED', failureReason: 'offer_closed' });
    // The link is payable again.
    const again = await payByCard(await getDb(), {
      checkoutId: link,
      method: encrypted('4111111111111111'),
      returnUrl: 'https://pay.example.com/return',
    });
    expect(again).toMatchObject({ outcome: 'paid' });
  });
});
