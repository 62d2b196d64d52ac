import { test } from './support/test';
import { createLinkOn, expect, productionJourneys, productionUrl } from './support/production-checkout';

/*
 * Wallets in production mode (issue 17, item 17). The production server has Apple Pay configured
 * (playwright.config.ts: APPLE_PAY_MERCHANT_ID, APPLE_PAY_DOMAIN_ASSOCIATION), but Chromium has no Apple Pay:
 * the page shows no wallet button and fetches no wallet code. The payment itself is tested at the adapter level
 * against the simulator (tests/integration/processor/adyen-wallets.test.ts).
 */
productionJourneys();
test.use({ javaScriptEnabled: true });

const noRules = { surcharging_enabled: false, dcc_enabled: false, excluded_card_types: [], excluded_card_regions: [] };

// A surcharging link offers production wallets too (authorise, then decide: docs/checkout.md "Wallets"); on a device
// without one it shows and loads no more than a link without rules.
for (const [name, rules] of [
  ['without card rules', noRules],
  ['that surcharges', { ...noRules, surcharging_enabled: true }],
] as const)
  test(`a device without a wallet, on a link ${name}: no wallet button, and no wallet code is loaded`, async ({
    page,
    request,
  }) => {
    const linkId = await createLinkOn(request, rules);
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    await page.goto(`/${linkId}`);
    // The card component loads (its own chunk, on demand): the page has run its client code by then.
    await expect(page.getByTestId('adyen-card-fields')).not.toHaveAttribute('data-status', 'loading');
    await expect(page.getByTestId('wallet')).toHaveCount(0);
    await expect(page.getByTestId('sandbox-wallet-form')).toHaveCount(0);
    // The wallet mount module (adyen-wallet-mount.ts) names the tokens it reads; no script fetched contains it.
    expect(scripts.filter((body) => body.includes('applePayToken') && body.includes('googlePayToken'))).toEqual([]);
  });

test("Apple Pay's domain association file is served as configured", async ({ request }) => {
  const response = await request.get(`${productionUrl}/.well-known/apple-developer-merchantid-domain-association`);
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe('e2e-apple-pay-domain-association');
});
