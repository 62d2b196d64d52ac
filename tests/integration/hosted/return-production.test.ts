import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { returnDestination } from '@/app/[locale]/[payment_link_id]/returned-payment';
import { hostedAbandon } from '@/lib/core/hosted-checkout/hosted-payments';
import { finishOpenBankingPayment, startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import type { AdyenSimulator } from '../../support/adyen-simulator';
import { withAdyenSimulator } from '../support/adyen-production';
import { createTenant } from '../support/fixtures';
import { postNotifications } from '../support/notifications';
import { createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

/**
 * MODE=production with the Adyen adapter against the Adyen simulator: the shopper comes back from 3-D Secure or
 * the bank with only `redirectResult` (issue 15, defect 1), and redirect answers may name no pspReference
 * (defect 15). The return page's helper (returnDestination) and the notification endpoint are called as the
 * pages and Adyen call them.
 */
withTestDatabase();

const simulator = withAdyenSimulator({ timeoutMs: 5000 });
let sim: AdyenSimulator;
beforeAll(() => {
  sim = simulator();
});
beforeEach(() => {
  sim.omitRedirectPspReference();
});

const page = { kind: 'page' } as const;
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const rowOf = async (id: string) =>
  (await (await getDb()).select().from(transactions).where(eq(transactions.id, id)))[0]!;
/** Adyen's 3-D Secure 2 test card (always challenged), as adyen-web's encrypted fields the simulator reads. */
const challengeCard = {
  kind: 'adyen_encrypted' as const,
  holderName: 'Ada Lovelace',
  fields: {
    encryptedCardNumber: 'test_4917610000000000',
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    bin: '49176100',
    lastFour: '0000',
  },
};
const detailsCalls = () => sim.requests.filter((r) => r.path === '/payments/details').length;
/** Adyen's AUTHORISATION for our transaction, as the simulator queued it, posted to our endpoint. */
async function deliverAuthorisation(transactionId: string) {
  const items = sim
    .queuedNotifications()
    .filter((i) => i.eventCode === 'AUTHORISATION' && i.merchantReference === transactionId);
  expect(items).toHaveLength(1);
  const answer = await postNotifications({
    live: 'false',
    notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })),
  });
  expect(answer.text).toBe('[accepted]');
  return items[0]!.pspReference;
}

async function linkAtChallenge(overrides: Record<string, unknown> = {}) {
  const { admin, parentId } = await createTenant();
  const link = await createLinkVia(admin.token, parentId, overrides);
  const outcome = await payByCard(await getDb(), {
    checkoutId: link,
    method: challengeCard,
    returnUrl: `https://pay.example.com/${link}/return`,
  });
  if (outcome.outcome !== 'challenge') throw new Error(`expected a challenge, got ${JSON.stringify(outcome)}`);
  return { link, outcome };
}

describe('the return from 3-D Secure and the bank in production (Adyen simulator)', () => {
  it('a challenge whose first answer named no pspReference: stored without one, finished by a return carrying only redirectResult, which records it', async () => {
    const { link, outcome } = await linkAtChallenge({ authorisation_only: true });
    expect(await rowOf(outcome.transactionId)).toMatchObject({
      status: 'PAYMENTINPROGRESS',
      stage: 'challenge',
      providerReference: null,
    });
    const back = (await sim.shopper(outcome.redirectUrl, 'pass'))!;
    expect(Object.keys(queryOf(back))).toEqual(['redirectResult']);
    const before = detailsCalls();
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}/success`);
    const finish = sim.requests.filter((r) => r.path === '/payments/details').at(-1)!;
    expect(finish.headers['idempotency-key']).toBe(`details-${outcome.transactionId}`);
    const psp = sim.queuedNotifications().find((i) => i.merchantReference === outcome.transactionId)!.pspReference;
    // Authorise only (the link's authorisation_only), though no ':manual' reference carried it: held, PENDING.
    expect(await rowOf(outcome.transactionId)).toMatchObject({ status: 'PENDING', providerReference: psp });
    // A refresh of the return address changes nothing and asks Adyen nothing.
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}/success`);
    expect(detailsCalls()).toBe(before + 1);
  });

  it("the same return when the first answer did name its pspReference (as Adyen's card example does)", async () => {
    sim.omitRedirectPspReference(false);
    const { link, outcome } = await linkAtChallenge();
    const psp = (await rowOf(outcome.transactionId)).providerReference;
    expect(psp).toMatch(/^[A-Z0-9]{16}$/);
    const back = (await sim.shopper(outcome.redirectUrl, 'pass'))!;
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}/success`);
    expect(await rowOf(outcome.transactionId)).toMatchObject({ status: 'COMPLETE', providerReference: psp });
  });

  it('a failed challenge returns to the failure page', async () => {
    const { link, outcome } = await linkAtChallenge();
    const back = (await sim.shopper(outcome.redirectUrl, 'fail'))!;
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}/failure`);
    expect(await rowOf(outcome.transactionId)).toMatchObject({ status: 'DECLINED', failureReason: '3ds_failed' });
  });

  it("Pay by Bank: no redirectResult leaves it waiting at the bank (never FAILED); the bank's redirectResult finishes it and records its reference", async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
    const db = await getDb();
    const started = await startOpenBankingPayment(db, {
      checkoutId: link,
      returnUrl: `https://pay.example.com/${link}/return`,
    });
    expect(await rowOf(started.transactionId)).toMatchObject({ stage: 'bank', providerReference: null });
    expect(await returnDestination(page, 'en-GB', link, {})).toBe(`/${link}`);
    expect(await finishOpenBankingPayment(db, started.transactionId)).toEqual({
      outcome: 'pending',
      transactionId: started.transactionId,
    });
    expect(await rowOf(started.transactionId)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'bank' });
    const back = (await sim.shopper(started.redirectUrl, 'pass'))!;
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}/success`);
    const psp = sim.queuedNotifications().find((i) => i.merchantReference === started.transactionId)!.pspReference;
    expect(await rowOf(started.transactionId)).toMatchObject({ status: 'COMPLETE', providerReference: psp });
  });

  it('an AUTHORISATION for a payment stored without pspReference is found by merchantReference, settles it and records the pspReference', async () => {
    const { link, outcome } = await linkAtChallenge();
    const back = (await sim.shopper(outcome.redirectUrl, 'pass'))!;
    // Adyen authorises, and its answer to /payments/details is lost on the way back: the outcome is unknown here.
    sim.failNext('/payments/details', { dropConnection: true, afterProcessing: true });
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}`);
    expect(await rowOf(outcome.transactionId)).toMatchObject({
      status: 'PAYMENTINPROGRESS',
      stage: 'unsettled',
      providerReference: null,
    });
    const psp = await deliverAuthorisation(outcome.transactionId);
    expect(await rowOf(outcome.transactionId)).toMatchObject({ status: 'COMPLETE', providerReference: psp });
  });

  it('the same for a bank payment whose answer was lost: its AUTHORISATION completes it with the pspReference', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
    const started = await startOpenBankingPayment(await getDb(), {
      checkoutId: link,
      returnUrl: `https://pay.example.com/${link}/return`,
    });
    const back = (await sim.shopper(started.redirectUrl, 'pass'))!;
    sim.failNext('/payments/details', { dropConnection: true, afterProcessing: true });
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}`);
    expect(await rowOf(started.transactionId)).toMatchObject({
      status: 'PAYMENTINPROGRESS',
      stage: 'bank',
      providerReference: null,
    });
    const psp = await deliverAuthorisation(started.transactionId);
    expect(await rowOf(started.transactionId)).toMatchObject({ status: 'COMPLETE', providerReference: psp });
  });

  it('a cancelled attempt is not finished by a later return: Adyen is not asked, the customer lands on the cancel page', async () => {
    const { link, outcome } = await linkAtChallenge();
    await hostedAbandon(link);
    const back = (await sim.shopper(outcome.redirectUrl, 'pass'))!;
    const before = detailsCalls();
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}/cancel`);
    expect(detailsCalls()).toBe(before);
    expect(await rowOf(outcome.transactionId)).toMatchObject({ status: 'ABANDONED' });
  });
});
