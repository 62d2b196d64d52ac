import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { returnDestination } from '@/app/[locale]/[payment_link_id]/returned-payment';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import type { AdyenSimulator } from '../../support/adyen-simulator';
import { withAdyenSimulator } from '../support/adyen-production';
import { createTenant } from '../support/fixtures';
import { postNotifications } from '../support/notifications';
import { createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

/*
 * A production wallet on a link whose rules need the card's facts is authorised with manual capture and judged on
 * Adyen's answer (docs/checkout.md, "Wallets"). These are the answers that come later: Google Pay's PAN_ONLY card
 * stepped up to 3-D Secure (judged on the customer's return), and an answer lost on the way (judged on the
 * AUTHORISATION notification). Either way the money is never captured before the card is judged, and an excluded
 * card's authorisation is cancelled. MODE=production, the Adyen adapter, the Adyen simulator.
 */
withTestDatabase();

const simulator = withAdyenSimulator();
let sim: AdyenSimulator;
beforeAll(() => {
  sim = simulator();
});

const noRules = { surcharging_enabled: false, dcc_enabled: false, excluded_card_types: [], excluded_card_regions: [] };
/** Adyen's 3-D Secure 2 Visa (GB, consumer credit) as a Google Pay token: the simulator steps it up (PAN_ONLY). */
const PAN_ONLY_VISA = '4917610000000000';
const page = { kind: 'page' } as const;
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const rowOf = async (id: string) =>
  (await (await getDb()).select().from(transactions).where(eq(transactions.id, id)))[0]!;
const pathsFor = (psp: string) =>
  sim.requests.filter((r) => r.path.startsWith(`/payments/${psp}/`)).map((r) => r.path.replace(psp, '{psp}'));

async function googlePay(rules: Record<string, unknown>, number: string) {
  const { admin, parentId } = await createTenant();
  const link = await createLinkVia(admin.token, parentId, { ...noRules, ...rules });
  const outcome = await payByCard(await getDb(), {
    checkoutId: link,
    method: { kind: 'adyen_wallet', wallet: 'google_pay', token: `test_${number}` },
    returnUrl: `https://pay.example.com/${link}/return`,
  });
  return { link, outcome };
}

async function atChallenge(rules: Record<string, unknown>) {
  const { link, outcome } = await googlePay(rules, PAN_ONLY_VISA);
  if (outcome.outcome !== 'challenge') throw new Error(`expected a challenge, got ${JSON.stringify(outcome)}`);
  const row = await rowOf(outcome.transactionId);
  expect(row).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'challenge', decidesAfterAuthorisation: true });
  // Sent to be held: nothing is captured until the card is judged.
  const sent = sim.requests.find(
    (r) => r.path === '/payments' && (r.body as { reference?: string }).reference === row.id,
  );
  expect(sent?.body).toMatchObject({ additionalData: { manualCapture: 'true' } });
  return { link, id: outcome.transactionId, redirectUrl: outcome.redirectUrl };
}

/** Adyen's queued notifications of one event for one payment, posted to our endpoint. */
async function deliver(eventCode: string, match: { psp?: string; reference?: string }) {
  const items = sim
    .queuedNotifications()
    .filter(
      (i) =>
        i.eventCode === eventCode &&
        (match.psp === undefined || i.pspReference === match.psp || i.originalReference === match.psp) &&
        (match.reference === undefined || i.merchantReference === match.reference),
    );
  expect(items).toHaveLength(1);
  const answer = await postNotifications({
    live: 'false',
    notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })),
  });
  expect(answer.text).toBe('[accepted]');
  return items[0]!;
}

describe("a production wallet's later answer is judged before anything is captured (Adyen simulator)", () => {
  it('Google Pay stepped up to 3-D Secure with an excluded card: refused on the return, the authorisation cancelled, the customer sent to the failure page', async () => {
    const { link, id, redirectUrl } = await atChallenge({ excluded_card_types: ['VISA'] });
    const back = (await sim.shopper(redirectUrl, 'pass'))!;
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}/failure`);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'REJECTED',
      stage: 'reversing',
      failureReason: 'card_excluded',
      wallet: 'google_pay',
      cardBrand: 'VISA',
    });
    const psp = row.providerReference!;
    expect(pathsFor(psp)).toEqual(['/payments/{psp}/reversals']);
    await deliver('CANCEL_OR_REFUND', { psp });
    expect(await rowOf(id)).toMatchObject({ status: 'REJECTED', stage: null });
    // The link is free again: another card may pay it.
    const again = await payByCard(await getDb(), {
      checkoutId: link,
      method: { kind: 'adyen_wallet', wallet: 'google_pay', token: 'test_5555555555554444' },
      returnUrl: `https://pay.example.com/${link}/return`,
    });
    expect(again).toMatchObject({ outcome: 'paid' });
  });

  it('the same with an allowed card: recorded on the return, then captured, never by Adyen on its own', async () => {
    const { link, id, redirectUrl } = await atChallenge({ excluded_card_types: ['AMEX'] });
    const back = (await sim.shopper(redirectUrl, 'pass'))!;
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}/success`);
    const psp = (await rowOf(id)).providerReference!;
    expect(pathsFor(psp)).toEqual(['/payments/{psp}/captures']);
    await deliver('CAPTURE', { psp });
    expect(await rowOf(id)).toMatchObject({ status: 'COMPLETE', wallet: 'google_pay', cardBrand: 'VISA' });
  });

  it('an authorisation-only link keeps the allowed authorisation held (PENDING), not captured', async () => {
    const { link, id, redirectUrl } = await atChallenge({ excluded_card_types: ['AMEX'], authorisation_only: true });
    const back = (await sim.shopper(redirectUrl, 'pass'))!;
    expect(await returnDestination(page, 'en-GB', link, queryOf(back))).toBe(`/${link}/success`);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'PENDING', stage: null });
    expect(pathsFor(row.providerReference!)).toEqual([]);
  });

  it('an answer lost on the way: the AUTHORISATION notification judges it as the answer would have (excluded: cancelled; allowed: captured)', async () => {
    // Adyen authorises and holds; its answer never arrives: the payment is unsettled until the notification.
    sim.failNext('/payments', { dropConnection: true, afterProcessing: true, bodyIncludes: 'test_370000000000002' });
    const refused = await googlePay({ excluded_card_types: ['AMEX'] }, '370000000000002');
    expect(refused.outcome).toMatchObject({ outcome: 'unsettled' });
    const refusedId = (refused.outcome as { transactionId: string }).transactionId;
    expect(await rowOf(refusedId)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });
    const item = await deliver('AUTHORISATION', { reference: refusedId });
    expect(await rowOf(refusedId)).toMatchObject({
      status: 'REJECTED',
      stage: 'reversing',
      failureReason: 'card_excluded',
      providerReference: item.pspReference,
    });
    expect(pathsFor(item.pspReference)).toEqual(['/payments/{psp}/reversals']);

    sim.failNext('/payments', { dropConnection: true, afterProcessing: true, bodyIncludes: 'test_5555444433331111' });
    const allowed = await googlePay({ excluded_card_types: ['AMEX'] }, '5555444433331111');
    const allowedId = (allowed.outcome as { transactionId: string }).transactionId;
    const authorised = await deliver('AUTHORISATION', { reference: allowedId });
    expect(pathsFor(authorised.pspReference)).toEqual(['/payments/{psp}/captures']);
    await deliver('CAPTURE', { psp: authorised.pspReference });
    expect(await rowOf(allowedId)).toMatchObject({ status: 'COMPLETE', cardBrand: 'MASTER' });
  });
});
