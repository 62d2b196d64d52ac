import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { eventResourceLoaders } from '@/lib/events/event-data';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { actionRequest, redirectOf } from '../support/action-request';

/*
 * Item 17 of issue 17: the sandbox's wallet stand-in pays its chosen test card through the card payment core, so
 * the link's exclusions, surcharge and store-card options apply on the server, and the wallet is named in the
 * API and the webhook's data. Through the stand-in's server action, as the page posts it.
 */
vi.mock('next/headers', async () => (await import('../support/action-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/action-request')).nextNavigation);
vi.mock('next-intl/server', async () => (await import('../support/action-request')).nextIntlServer);

const { paySandboxWalletAction } = await import('@/app/[locale]/[payment_link_id]/wallet-entry/wallet-actions');

withTestDatabase();
afterEach(() => vi.unstubAllEnvs());

const noRules = { surcharging_enabled: false, dcc_enabled: false, excluded_card_types: [], excluded_card_regions: [] };

function walletForm(linkId: string, wallet: string, walletCard: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ linkId, locale: 'en-GB', wallet, walletCard, ...extra }))
    form.set(name, value);
  return form;
}

/** Posts the stand-in's form from the link's page; answers where the customer was sent. */
async function postWallet(linkId: string, wallet: string, walletCard: string, extra: Record<string, string> = {}) {
  actionRequest(`/${linkId}`);
  return redirectOf(paySandboxWalletAction(walletForm(linkId, wallet, walletCard, extra)));
}

const attemptsOn = async (id: string) =>
  (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, id));
const processorCallsFor = async (id: string) =>
  (await getDb()).select().from(sandboxProcessorOperations).where(eq(sandboxProcessorOperations.idempotencyKey, id));

describe('the sandbox wallet stand-in pays through the card payment core (issue 17, item 17)', () => {
  it('pays the chosen test card as Apple Pay: recorded, in the API and in the webhook data with the wallet named', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, noRules);
    expect(await postWallet(link, 'apple_pay', 'visa_gb')).toBe(`/${link}/success`);
    const [paid] = await attemptsOn(link);
    expect(paid).toMatchObject({ status: 'COMPLETE', wallet: 'apple_pay', cardBrand: 'VISA', cardLastFour: '1111' });
    const shown = (await api.get(`/agent/transactions/${paid!.id}`, { token: admin.token })).body.data;
    expect(shown).toMatchObject({ wallet: 'apple_pay', card_brand: 'VISA', card_last_four: '1111' });
    // The webhook's data is the API's transaction (lib/events/event-data.ts): the wallet is named there too.
    expect(await eventResourceLoaders['transaction.completed'](await getDb(), paid!.id)).toMatchObject({
      wallet: 'apple_pay',
    });
  });

  it("refuses on the server a wallet card the link's rules exclude: REJECTED with the wallet, nothing sent", async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { ...noRules, excluded_card_types: ['AMEX'] });
    expect(await postWallet(link, 'google_pay', 'amex_gb')).toBe(
      `/${link}/wallet?wallet=google_pay&card=amex_gb&refused=1`,
    );
    const [refused] = await attemptsOn(link);
    expect(refused).toMatchObject({ status: 'REJECTED', failureReason: 'card_excluded', wallet: 'google_pay' });
    expect(await processorCallsFor(refused!.id)).toHaveLength(0);
    // Another card of the wallet that the link accepts still pays.
    expect(await postWallet(link, 'google_pay', 'visa_gb')).toBe(`/${link}/success`);
  });

  it('asks the customer to confirm the surcharge on the sheet, and takes only the amount confirmed', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { amount: 10001 });
    // A UK commercial card: the organisation's default commercial rate (150 bps).
    expect(await postWallet(link, 'apple_pay', 'mc_commercial_gb')).toBe(
      `/${link}/wallet?wallet=apple_pay&card=mc_commercial_gb&surcharge=150&total=10151`,
    );
    expect(await attemptsOn(link)).toEqual([]);
    // A stale confirmation (another amount) is asked again, never taken.
    expect(await postWallet(link, 'apple_pay', 'mc_commercial_gb', { acceptedSurcharge: '149' })).toContain(
      'surcharge=150',
    );
    expect(await postWallet(link, 'apple_pay', 'mc_commercial_gb', { acceptedSurcharge: '150' })).toBe(
      `/${link}/success`,
    );
    expect(await attemptsOn(link)).toEqual([
      expect.objectContaining({ status: 'COMPLETE', amount: 10151, surcharge: 150, wallet: 'apple_pay' }),
    ]);
  });

  it("honours the store-card opt-in: the wallet's card is saved only when the customer ticks it", async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const tokens = async () =>
      (await api.get(`/payment/booking/${bookingId}/available-tokens`, { token: admin.token })).body.data as unknown[];
    const first = await createLinkVia(admin.token, parentId, { ...noRules, booking_id: bookingId, amount: 1000 });
    expect(await postWallet(first, 'google_pay', 'visa_gb')).toBe(`/${first}/success`);
    expect((await attemptsOn(first))[0]).toMatchObject({ storeCard: false, wallet: 'google_pay' });
    expect(await tokens()).toHaveLength(0);
    const second = await createLinkVia(admin.token, parentId, { ...noRules, booking_id: bookingId, amount: 1000 });
    expect(await postWallet(second, 'google_pay', 'visa_gb', { storeCard: 'on' })).toBe(`/${second}/success`);
    expect((await attemptsOn(second))[0]).toMatchObject({ storeCard: true, wallet: 'google_pay' });
    expect(await tokens()).toHaveLength(1);
  });

  it('exists only in the sandbox: in production the stand-in pays nothing', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, noRules);
    vi.stubEnv('MODE', 'production');
    expect(await postWallet(link, 'apple_pay', 'visa_gb')).toBe(`/${link}`);
    expect(await attemptsOn(link)).toEqual([]);
  });
});
