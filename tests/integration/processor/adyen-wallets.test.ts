import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import type { PaymentMethodInput } from '@/lib/payments/processor';
import { startAdyenSimulator, type AdyenSimulator } from '../../support/adyen-simulator';
import { createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { actionRequest } from '../support/action-request';

/*
 * Item 17 of issue 17 on the production path: MODE=production, the Adyen adapter and the Adyen simulator, which
 * checks every request against Checkout v71's request schemas (ApplePayDetails / GooglePayDetails among them).
 * Chromium has no Apple Pay or Google Pay, so the wallet's token is the simulator's `test_<number>` convention.
 */
vi.mock('next/headers', async () => (await import('../support/action-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/action-request')).nextNavigation);
vi.mock('next-intl/server', async () => (await import('../support/action-request')).nextIntlServer);

const { payWalletTokenAction } = await import('@/app/[locale]/[payment_link_id]/wallet-entry/wallet-actions');

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

const noRules = { surcharging_enabled: false, dcc_enabled: false, excluded_card_types: [], excluded_card_regions: [] };
const wallet = (kind: 'apple_pay' | 'google_pay', number: string): PaymentMethodInput => ({
  kind: 'adyen_wallet',
  wallet: kind,
  token: `test_${number}`,
});
const sentFor = (path: string, reference?: string) =>
  sim.requests.filter(
    (r) => r.path === path && (reference === undefined || (r.body as { reference?: string }).reference === reference),
  );
const rowOf = async (id: string) =>
  (await (await getDb()).select().from(transactions).where(eq(transactions.id, id)))[0]!;

describe('wallet payments in production, against the Adyen simulator (issue 17, item 17)', () => {
  it.each([
    ['apple_pay', { type: 'applepay', applePayToken: 'test_4111111111111111' }],
    ['google_pay', { type: 'googlepay', googlePayToken: 'test_4111111111111111' }],
  ] as const)(
    '%s: sends the token as Checkout v71 defines it; the card facts come from the answer',
    async (kind, body) => {
      const { admin, parentId } = await createTenant();
      const link = await createLinkVia(admin.token, parentId, noRules);
      production();
      const cardDetailsBefore = sentFor('/cardDetails').length;
      const outcome = await pay(link, undefined, { method: wallet(kind, '4111111111111111') });
      expect(outcome).toMatchObject({ outcome: 'paid' });
      const id = (outcome as { transactionId: string }).transactionId;
      expect(sentFor('/payments', id)).toEqual([
        expect.objectContaining({ body: expect.objectContaining({ paymentMethod: body }) }),
      ]);
      // A token is no card number: /cardDetails is never asked.
      expect(sentFor('/cardDetails').length).toBe(cardDetailsBefore);
      expect(await rowOf(id)).toMatchObject({
        status: 'COMPLETE',
        wallet: kind,
        cardBrand: 'VISA',
        cardLastFour: '1111',
        issuingCountry: 'NL',
      });
    },
  );

  it("on a link whose rules need the card's facts, the button's action answers the surcharge, then pays the total", async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { ...noRules, surcharging_enabled: true });
    production();
    actionRequest(`/${link}`);
    // A GB commercial Visa: the card's facts come with Adyen's answer, the authorisation is cancelled, the sheet reopens.
    const first = await payWalletTokenAction({
      linkId: link,
      locale: 'en-GB',
      wallet: 'apple_pay',
      token: 'test_4444333322221111',
    });
    expect(first).toMatchObject({ ok: false, confirm: { surcharge: expect.any(Number), total: expect.any(Number) } });
    const { surcharge, total } = (first as { confirm: { surcharge: number; total: number } }).confirm;
    expect(surcharge).toBeGreaterThan(0);
    expect((first as { message: string }).message).toMatch(
      /^A card surcharge of .+ applies to this card\. Apple Pay will pay .+ in total\. Choose Apple Pay again to pay .+\.$/,
    );
    const second = await payWalletTokenAction({
      linkId: link,
      locale: 'en-GB',
      wallet: 'apple_pay',
      token: 'test_4444333322221111',
      acceptedSurcharge: String(surcharge),
    });
    expect(second).toEqual({ ok: true, destination: `/${link}/success` });
    const rows = await (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, link));
    expect(rows.map((r) => [r.status, r.amount, r.failureReason]).sort()).toEqual([
      ['PENDING', total, null],
      ['REJECTED', 10000, 'surcharge_to_confirm'],
    ]);
  });

  it('an excluded card is refused after its authorisation in the same words as a typed card', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { ...noRules, excluded_card_types: ['AMEX'] });
    production();
    actionRequest(`/fr/${link}`);
    const refused = await payWalletTokenAction({
      linkId: link,
      locale: 'fr',
      wallet: 'google_pay',
      token: 'test_370000000000002',
    });
    const facts = (await import('../../../messages/fr/CardFacts.json')).default as Record<string, string>;
    expect(refused).toMatchObject({ ok: false, refused: 'card' });
    const message = (refused as { message: string }).message;
    expect(message).toContain(facts.excludedTitle);
    expect(message).toContain(facts.excludedType!.replace('{brand}', 'American Express'));
    const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, link));
    expect(row).toMatchObject({
      status: 'REJECTED',
      failureReason: 'card_excluded',
      wallet: 'google_pay',
      cardBrand: 'AMEX',
    });
    expect(sentFor(`/payments/${row!.providerReference!.replace(/:manual$/, '')}/reversals`)).toHaveLength(1);
  });

  it("the wallet button's server action pays the token and tells the page where to go", async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, noRules);
    production();
    actionRequest(`/fr/${link}`);
    expect(
      await payWalletTokenAction({ linkId: link, locale: 'fr', wallet: 'google_pay', token: 'test_5555555555554444' }),
    ).toEqual({ ok: true, destination: `/fr/${link}/success` });
    const [paid] = await (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, link));
    expect(paid).toMatchObject({ status: 'COMPLETE', wallet: 'google_pay', cardBrand: 'MASTER' });
    // A token Adyen cannot read is refused (422, nothing taken): FAILED, and the customer sees the failure page.
    const other = await createLinkVia(admin.token, parentId, noRules);
    actionRequest(`/${other}`);
    expect(
      await payWalletTokenAction({ linkId: other, locale: 'en-GB', wallet: 'apple_pay', token: 'not-a-token' }),
    ).toMatchObject({ ok: true, destination: `/${other}/failure` });
  });
});
