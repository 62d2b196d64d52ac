import { expect, test, type Page } from './support/test';
import { createLinkOn } from './card-fixtures';
import { requiredEnv } from './e2e-env';

/*
 * Production mode (ADYEN_* keys set): the card fields are Adyen's Card component,
 * whose code is a chunk of its own, fetched only when card entry shows. Adyen's
 * servers are unreachable here, so every request to adyen.com is refused: what
 * is checked is our side (the chunk, the container, the hidden fields), not Adyen's frames.
 */
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');
test.use({ baseURL: productionUrl });
// A production build's pages and adyen-web's chunk, on a machine shared by many: more than the suite's 30 s.
test.describe.configure({ timeout: 120_000 });

/** Every script and stylesheet the page fetched, with whether it carries adyen-web's code. */
async function loadedCode(page: Page, path: string) {
  const code: { url: string; adyen: boolean }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!/\/_next\/static\/.*\.(js|css)(\?|$)/.test(url)) return;
    pending.push(
      response.text().then(
        (body) => {
          code.push({ url, adyen: /securedFields|adyen-checkout__card-input/.test(body) });
        },
        () => undefined,
      ),
    );
  });
  await page.route(/adyen\.com/, (route) => route.abort());
  // Every CSP refusal on the page, recorded before any of its own scripts run.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto(path);
  return { response, code, settled: () => Promise.all(pending) };
}

test('the Adyen Card component is fetched and mounted only where card entry shows', async ({ page, request }) => {
  const bankOnly = await createLinkOn(request, 'production', { card_enabled: false, open_banking_enabled: true });
  const first = await loadedCode(page, `/${bankOnly}`);
  await expect(page.getByTestId('bank-form')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await first.settled();
  expect(first.code.length).toBeGreaterThan(0);
  expect(
    first.code.filter((c) => c.adyen),
    'adyen-web on a page without card entry',
  ).toEqual([]);
  await expect(page.getByTestId('adyen-card')).toHaveCount(0);

  const withCard = await createLinkOn(request, 'production');
  const html = await (await request.get(`${productionUrl}/${withCard}`)).text();
  const second = await loadedCode(page, `/${withCard}`);
  await expect(page.getByTestId('adyen-card')).toBeAttached();
  await expect
    .poll(async () => {
      await second.settled();
      return second.code.filter((c) => c.adyen).length;
    })
    .toBeGreaterThan(0);
  // The chunk is a dynamic import: the server's HTML names none of adyen-web's files.
  for (const { url } of second.code.filter((c) => c.adyen)) expect(html).not.toContain(new URL(url).pathname);
  // The production form has no raw card fields: only the hidden ones adyen-web's encrypted values go into.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  for (const name of [
    'encryptedCardNumber',
    'encryptedExpiryMonth',
    'encryptedExpiryYear',
    'encryptedSecurityCode',
    'holderName',
  ]) {
    await expect(page.locator(`form[data-testid="card-form"] input[type="hidden"][name="${name}"]`)).toHaveCount(1);
  }
  expect(page.url()).toBe(`${productionUrl}/${withCard}`);
  // Adyen's stylesheet came through the bundle: applied under style-src 'self' 'nonce-…', and nothing was refused.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.styleSheets].some((sheet) => {
          try {
            return [...sheet.cssRules].some((rule) => rule.cssText.includes('adyen-checkout'));
          } catch {
            return false;
          }
        }),
      ),
    )
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test('Adyen unreachable: the Card component mounts from the bundle, then says clearly that card entry failed', async ({
  page,
  request,
}) => {
  const linkId = await createLinkOn(request, 'production');
  // adyen-web gives its secured-field frames 30 s to load (csfLoadFailTimeoutMS in SecuredFieldsProvider), then
  // calls onError: the page's clock is moved on past that rather than waited for.
  await page.clock.install();
  const loaded = await loadedCode(page, `/${linkId}`);
  const fields = page.getByTestId('adyen-card-fields');
  // Mounted from our bundle: adyen-web's own markup, its frames pointing at Adyen's (refused) host.
  await expect(page.locator('[data-testid="adyen-card"] .adyen-checkout__card-input')).toBeAttached();
  await expect(page.locator('[data-testid="adyen-card"] iframe').first()).toBeAttached();
  await expect
    .poll(async () => {
      await loaded.settled();
      return loaded.code.filter((c) => c.adyen).length;
    })
    .toBeGreaterThan(0);
  await expect(fields.getByRole('alert')).toHaveCount(0);
  await page.clock.fastForward(31_000);
  await expect(fields).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  await expect(fields.getByRole('alert')).toHaveText(
    'The secure card fields could not be loaded. Reload the page, or choose another way to pay.',
  );
  await expect(fields.getByRole('status')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
