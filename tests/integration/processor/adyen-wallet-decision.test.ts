import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import type { PaymentMethodInput } from '@/lib/payments/processor';
import { finishStuckModifications } from '@/lib/runner/stuck-modifications-step';
import type { AdyenSimulator } from '../../support/adyen-simulator';
import { withAdyenSimulator } from '../support/adyen-production';
import { createTenant } from '../support/fixtures';
import { postNotifications } from '../support/notifications';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

/*
 * "Authorise, then decide" (docs/checkout.md, "Wallets"): a production wallet's token on a link whose rules need the
 * card's facts, against the Adyen simulator (MODE=production, every request checked against Checkout v71). The token
 * `test_<number>` picks the simulator's test card, so its facts (brand, issuing country, commercial) come back in
 * the answer's additionalData: an AMEX the link excludes, a GB commercial Visa that carries a surcharge, a Dutch
 * consumer Visa that carries none.
 */
withTestDatabase();
const simulator = withAdyenSimulator();
let sim: AdyenSimulator;
beforeAll(() => {
  sim = simulator();
});
afterEach(() => {
  setClockOffset(0);
  vi.restoreAllMocks();
});

const cards = { amex: '370000000000002', commercial: '4444333322221111', plain: '4111111111111111' };
const wallet = (number: string): PaymentMethodInput => ({
  kind: 'adyen_wallet',
  wallet: 'apple_pay',
  token: `test_${number}`,
});
const surcharging = {
  surcharging_enabled: true,
  dcc_enabled: false,
  excluded_card_types: [],
  excluded_card_regions: [],
};
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

const rowOf = async (id: string) =>
  (await (await getDb()).select().from(transactions).where(eq(transactions.id, id)))[0]!;
const pspOf = (reference: string | null) => reference!.replace(/:manual$/, '');
const requestsTo = (suffix: string, psp?: string) =>
  sim.requests.filter((r) => r.path.endsWith(suffix) && (psp === undefined || r.path.includes(psp)));
const paymentsFor = (id: string) =>
  sim.requests.filter((r) => r.path.endsWith('/payments') && (r.body as { reference?: string }).reference === id);

/** Posts what the simulator queued for this payment with this event code, as Adyen delivers it. */
async function deliver(psp: string, eventCode: string) {
  const items = sim.queuedNotifications().filter((i) => i.eventCode === eventCode && i.originalReference === psp);
  expect(items.length).toBeGreaterThan(0);
  const answer = await postNotifications({
    live: 'false',
    notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })),
  });
  expect(answer.status).toBe(200);
}

async function link(options: Record<string, unknown>) {
  const { admin, parentId } = await createTenant();
  return createLinkVia(admin.token, parentId, options);
}

describe('production wallets on links whose rules need the card: authorise, then decide', () => {
  it('an excluded card: authorised without capture, cancelled at once, REJECTED with its reason and wallet; the link stays payable', async () => {
    const id = await link({ ...surcharging, excluded_card_types: ['AMEX'] });
    const outcome = await pay(id, undefined, { method: wallet(cards.amex) });
    expect(outcome).toMatchObject({
      outcome: 'rejected',
      reason: 'card_excluded',
      exclusion: { allowed: false },
      message: expect.stringContaining('American Express'),
    });
    const transactionId = (outcome as { transactionId: string }).transactionId;
    // The authorisation: manual capture, the link's amount, no surcharge.
    expect(paymentsFor(transactionId)).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({
          amount: expect.objectContaining({ value: 10000 }),
          additionalData: { manualCapture: 'true' },
        }),
      }),
    ]);
    const row = await rowOf(transactionId);
    expect(row).toMatchObject({
      status: 'REJECTED',
      stage: 'reversing',
      failureReason: 'card_excluded',
      wallet: 'apple_pay',
      cardBrand: 'AMEX',
      surcharge: 0,
      modificationSentAt: expect.any(Date),
    });
    // The simulator saw the cancel (Adyen's /reversals), under the row's first modification key.
    const psp = pspOf(row.providerReference);
    expect(requestsTo('/reversals', psp)).toEqual([
      expect.objectContaining({ headers: expect.objectContaining({ 'idempotency-key': `${transactionId}:reverse` }) }),
    ]);
    expect(requestsTo('/captures', psp)).toEqual([]);
    await deliver(psp, 'CANCEL_OR_REFUND');
    expect(await rowOf(transactionId)).toMatchObject({ status: 'REJECTED', stage: null, modificationSentAt: null });
    // Refused, not live: another card pays the link at once.
    expect(await pay(id, undefined, { method: wallet(cards.plain) })).toMatchObject({ outcome: 'paid' });
  });

  it('a surcharged card: cancelled and confirm_surcharge; paid again at the total with acceptedSurcharge, then captured', async () => {
    const id = await link(surcharging);
    const first = await pay(id, undefined, { method: wallet(cards.commercial) });
    expect(first).toMatchObject({ outcome: 'confirm_surcharge', surcharge: expect.any(Number) });
    const { surcharge, total } = first as { surcharge: number; total: number };
    expect(surcharge).toBeGreaterThan(0);
    expect(total).toBe(10000 + surcharge);
    const [refused] = await (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, id));
    expect(refused).toMatchObject({ status: 'REJECTED', stage: 'reversing', failureReason: 'surcharge_to_confirm' });
    expect(requestsTo('/reversals', pspOf(refused!.providerReference))).toHaveLength(1);

    const second = await pay(id, undefined, { method: wallet(cards.commercial), acceptedSurcharge: surcharge });
    expect(second).toMatchObject({ outcome: 'paid' });
    const paidId = (second as { transactionId: string }).transactionId;
    expect(paymentsFor(paidId)).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ amount: expect.objectContaining({ value: total }) }) }),
    ]);
    const paid = await rowOf(paidId);
    expect(paid).toMatchObject({
      status: 'PENDING',
      stage: 'capturing',
      amount: total,
      surcharge,
      wallet: 'apple_pay',
    });
    const psp = pspOf(paid.providerReference);
    expect(requestsTo('/captures', psp)).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ amount: expect.objectContaining({ value: total }) }) }),
    ]);
    expect(requestsTo('/reversals', psp)).toEqual([]);
    await deliver(psp, 'CAPTURE');
    expect(await rowOf(paidId)).toMatchObject({ status: 'COMPLETE', stage: null });
  });

  it('a surcharge to confirm is no failure: it never counts towards the card-testing pause', async () => {
    const id = await link(surcharging);
    // The link's limit is 5 failures (CARD_TESTING_LIMITS): six surcharges shown, and the customer may still pay.
    for (let i = 0; i < 6; i++)
      expect(await pay(id, undefined, { method: wallet(cards.commercial) })).toMatchObject({
        outcome: 'confirm_surcharge',
      });
    const { surcharge } = (await pay(id, undefined, { method: wallet(cards.commercial) })) as { surcharge: number };
    expect(await pay(id, undefined, { method: wallet(cards.commercial), acceptedSurcharge: surcharge })).toMatchObject({
      outcome: 'paid',
    });
  });

  it('a surcharge accepted that the card no longer carries is not charged: cancelled and quoted again', async () => {
    const id = await link(surcharging);
    const outcome = await pay(id, undefined, { method: wallet(cards.plain), acceptedSurcharge: 150 });
    expect(outcome).toEqual({ outcome: 'confirm_surcharge', surcharge: 0, total: 10000 });
    const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, id));
    expect(row).toMatchObject({ status: 'REJECTED', failureReason: 'surcharge_to_confirm', amount: 10150 });
    expect(requestsTo('/captures', pspOf(row!.providerReference))).toEqual([]);
  });

  it('a card the rules allow with no surcharge: captured once', async () => {
    const id = await link(surcharging);
    const outcome = await pay(id, undefined, { method: wallet(cards.plain) });
    expect(outcome).toMatchObject({ outcome: 'paid' });
    const row = await rowOf((outcome as { transactionId: string }).transactionId);
    expect(row).toMatchObject({
      status: 'PENDING',
      stage: 'capturing',
      surcharge: 0,
      cardBrand: 'VISA',
      issuingCountry: 'NL',
    });
    const psp = pspOf(row.providerReference);
    expect(requestsTo('/captures', psp)).toHaveLength(1);
    await deliver(psp, 'CAPTURE');
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE', stage: null });
    expect(requestsTo('/captures', psp)).toHaveLength(1);
  });

  it('an authorisation_only link keeps the authorisation as its pre-authorisation: nothing captured or cancelled', async () => {
    const id = await link({ ...surcharging, authorisation_only: true });
    const outcome = await pay(id, undefined, { method: wallet(cards.plain) });
    expect(outcome).toMatchObject({ outcome: 'paid', status: 'PENDING' });
    const row = await rowOf((outcome as { transactionId: string }).transactionId);
    expect(row).toMatchObject({ status: 'PENDING', stage: null, wallet: 'apple_pay' });
    const psp = pspOf(row.providerReference);
    expect(requestsTo('/captures', psp)).toEqual([]);
    expect(requestsTo('/reversals', psp)).toEqual([]);
  });

  it('a cancel that fails is not forgotten: the stuck-modifications step sends it again, and CANCEL_OR_REFUND ends it', async () => {
    quiet();
    const id = await link({ ...surcharging, excluded_card_types: ['AMEX'] });
    sim.failNext('/reversals', { dropConnection: true });
    const outcome = await pay(id, undefined, { method: wallet(cards.amex) });
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: 'card_excluded' });
    const transactionId = (outcome as { transactionId: string }).transactionId;
    expect(await rowOf(transactionId)).toMatchObject({
      status: 'REJECTED',
      stage: 'reversing',
      modificationSentAt: null,
    });
    const psp = pspOf((await rowOf(transactionId)).providerReference);
    expect(
      sim.queuedNotifications().filter((i) => i.originalReference === psp && i.eventCode === 'CANCEL_OR_REFUND'),
    ).toEqual([]);

    const db = await getDb();
    expect(await finishStuckModifications(db)).toBe(0); // not yet stuck: its claim is fresh
    setClockOffset(11 * 60_000);
    expect(await finishStuckModifications(db)).toBe(1);
    expect(await rowOf(transactionId)).toMatchObject({
      status: 'REJECTED',
      stage: 'reversing',
      modificationSentAt: expect.any(Date),
    });
    // Sent again under the same key (one claim), and this time Adyen received it.
    expect(requestsTo('/reversals', psp).map((r) => r.headers['idempotency-key'])).toEqual([
      `${transactionId}:reverse`,
      `${transactionId}:reverse`,
    ]);
    await deliver(psp, 'CANCEL_OR_REFUND');
    expect(await rowOf(transactionId)).toMatchObject({ status: 'REJECTED', stage: null });
  });

  it('a cancel Adyen refuses (CANCEL_OR_REFUND success false) is sent again under a new key, and then lands', async () => {
    quiet();
    const id = await link({ ...surcharging, excluded_card_types: ['AMEX'] });
    sim.failModification({ card: cards.amex }, 'CANCEL_OR_REFUND', 'Transaction not found');
    const outcome = await pay(id, undefined, { method: wallet(cards.amex) });
    const transactionId = (outcome as { transactionId: string }).transactionId;
    const psp = pspOf((await rowOf(transactionId)).providerReference);
    await deliver(psp, 'CANCEL_OR_REFUND');
    expect(await rowOf(transactionId)).toMatchObject({
      status: 'REJECTED',
      stage: 'reversing',
      modificationSentAt: null,
      modificationAttempts: 2,
    });
    setClockOffset(11 * 60_000);
    expect(await finishStuckModifications(await getDb())).toBe(1);
    // Adyen answers a reused Idempotency-Key with its first answer: the cancel sent again has its own.
    expect(requestsTo('/reversals', psp).map((r) => r.headers['idempotency-key'])).toEqual([
      `${transactionId}:reverse`,
      `${transactionId}:reverse:2`,
    ]);
    await deliver(psp, 'CANCEL_OR_REFUND');
    expect(await rowOf(transactionId)).toMatchObject({ status: 'REJECTED', stage: null, modificationSentAt: null });
  });
});
