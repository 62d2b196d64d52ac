import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';

/*
 * The production wallet section (wallet-section.tsx) on a link whose card rules need the card's facts: a wallet's
 * token tells none before the payment, so the server authorises it and then decides (wallet-decision.ts). The
 * section is offered there too, with the line that a surcharge, if any, is shown before anything is taken.
 */
const catalog = (namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', 'en-GB', `${namespace}.json`), 'utf8')) as Record<
    string,
    string
  >;
vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => (key: string) => catalog(namespace)[key] ?? `${namespace}.${key}`,
}));

const { WalletSection } = await import('@/app/[locale]/[payment_link_id]/wallet-entry/wallet-section');
const { AdyenWalletButtons } = await import('@/app/[locale]/[payment_link_id]/wallet-entry/adyen-wallet-buttons');

const checkout = (cardRulesNeedFacts: boolean) =>
  ({ cardRulesNeedFacts, amount: 10000, currency: 'GBX', organisationCountry: 'GB' }) as unknown as HostedCheckout;
const target = { linkId: '6b1f5f5e-0000-4000-8000-000000000001', locale: 'en-GB' };

function production() {
  vi.stubEnv('MODE', 'production');
  vi.stubEnv('ADYEN_CLIENT_KEY', 'test_CLIENTKEY');
  vi.stubEnv('ADYEN_ENVIRONMENT', 'test');
  vi.stubEnv('APPLE_PAY_MERCHANT_ID', 'merchant.com.travel-pay');
}
afterEach(() => vi.unstubAllEnvs());

type Buttons = { type: unknown; props: { text: { heading: string; note?: string }; amount: { value: number } } };

describe('the production wallet section', () => {
  it("renders on a surcharging link (rules that need the card's facts), saying the surcharge is shown first", async () => {
    production();
    const section = (await WalletSection({ checkout: checkout(true), target, storeCard: 'choice' })) as Buttons | null;
    expect(section?.type).toBe(AdyenWalletButtons);
    expect(section!.props.text).toMatchObject({
      heading: 'Apple Pay and Google Pay',
      note: catalog('Wallet').surchargeShownFirst,
    });
    expect(section!.props.amount).toEqual({ value: 10000, currency: 'GBP' });
  });

  it('on a link without such rules: the buttons, without the line', async () => {
    production();
    const section = (await WalletSection({ checkout: checkout(false), target, storeCard: 'choice' })) as Buttons | null;
    expect(section?.type).toBe(AdyenWalletButtons);
    expect(section!.props.text.note).toBeUndefined();
  });

  it('nothing without a configured wallet', async () => {
    production();
    vi.stubEnv('APPLE_PAY_MERCHANT_ID', '');
    expect(await WalletSection({ checkout: checkout(true), target, storeCard: 'choice' })).toBeNull();
  });
});
