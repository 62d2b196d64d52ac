import { expect, test, type APIRequestContext } from './support/test';
import fs from 'node:fs';
import path from 'node:path';
import { createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { requiredEnv } from './e2e-env';
import { openLanguageSwitch } from './locale-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * axe (WCAG 2.2 AA tags, zero violations of any impact) on every hosted page
 * and state that exists, and the organisation's brand colour, which must never
 * break contrast. The checkout's "confirming" state (an attempt at
 * 'authorising' or 'unsettled') cannot be reached through the sandbox from
 * outside; its markup is a heading, a paragraph and a link in the same page.
 */
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');

test.describe('axe on every page', () => {
  // axe takes seconds a page on a busy machine; these tests visit many.
  test.describe.configure({ timeout: 120_000 });

  test('home (sandbox and production, language list open), error docs, mailbox and the 404 document', async ({
    page,
  }) => {
    for (const url of [
      `${sandboxUrl}/`,
      `${productionUrl}/`,
      `${sandboxUrl}/docs/errors`,
      `${sandboxUrl}/sandbox/mailbox`,
      `${sandboxUrl}/no-such/page`,
      `${sandboxUrl}/ar/nowhere`,
    ]) {
      await page.goto(url);
      await expectNoAxeViolations(page, url);
    }
    await page.goto('/el');
    await openLanguageSwitch(page);
    await expectNoAxeViolations(page, 'home with the language list open');
  });

  test('checkout active (card and bank), the error summary, 3-D Secure page, failure, paid and the paid link', async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { open_banking_enabled: true, authorisation_only: true });
    await page.goto(`/${id}`);
    await expectNoAxeViolations(page, 'checkout active');
    await fillCard(page, '4111 1111 1111 1112', ' ');
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('error-summary')).toBeFocused();
    await expectNoAxeViolations(page, 'error summary');
    await fillCard(page, '4212 3456 7891 0006');
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/sandbox\/3ds\//);
    await expectNoAxeViolations(page, 'sandbox 3-D Secure');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
    await expectNoAxeViolations(page, 'failure page');
    await page.goto(`/${id}`);
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    await expectNoAxeViolations(page, 'success page');
    await page.goto(`/${id}`);
    await expect(page.getByTestId('paid-title')).toBeVisible();
    await expectNoAxeViolations(page, 'checkout paid');
  });

  test('sandbox bank page, checkout away, cancel page, expired checkout', async ({ page, request }) => {
    const id = await createLink(request, { open_banking_enabled: true, card_enabled: false });
    await page.goto(`/${id}`);
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await expect(page).toHaveURL(/\/sandbox\/bank\//);
    await expectNoAxeViolations(page, 'sandbox bank');
    await page.goto(`/${id}`);
    await expect(page.getByTestId('away')).toBeVisible();
    await expectNoAxeViolations(page, 'checkout away');
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/cancel`);
    await expectNoAxeViolations(page, 'cancel page');

    const expired = await createLink(request, { expires_at: new Date(Date.now() + 2000).toISOString() });
    await page.waitForTimeout(2500);
    await page.goto(`/${expired}`);
    await expect(page.getByTestId('expired')).toBeVisible();
    await expectNoAxeViolations(page, 'checkout expired');
  });
});

/** The sandbox's full-access key (the parent organisation, and so the one below it). */
async function token(request: APIRequestContext): Promise<string> {
  const [key] = JSON.parse(
    fs.readFileSync(path.join(requiredEnv('E2E_SANDBOX_DATA_DIR'), 'sandbox-credentials.json'), 'utf8'),
  ).keys;
  const response = await request.post(`${sandboxUrl}/api/token`, {
    data: { public_key: key.public_key, private_key: key.private_key },
  });
  return (await response.json()).data.token;
}

async function setBrandColour(request: APIRequestContext, organisation: string, brandColour: string | null) {
  const response = await request.post(`${sandboxUrl}/api/agent/organisations/${organisation}/settings`, {
    headers: { Authorization: `Bearer ${await token(request)}` },
    data: { brand_colour: brandColour },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('brand colour', () => {
  // The child organisation, so the other specs' checkouts (the parent's) keep the default colours.
  const organisation = 'org_sandbox_travel_north';
  test.afterEach(async ({ request }) => setBrandColour(request, organisation, null));

  test('a brand colour that keeps contrast colours the header band and buttons; a pale one falls back to the default', async ({
    page,
    request,
  }) => {
    const colours = async () =>
      page.evaluate(() => {
        const band = getComputedStyle(document.querySelector('[data-testid="brand-band"]')!);
        const button = getComputedStyle(document.querySelector('[data-testid="pay-button"]')!);
        return {
          band: band.backgroundColor,
          bandText: band.color,
          button: button.backgroundColor,
          buttonText: button.color,
        };
      });
    await setBrandColour(request, organisation, '#7a1f5c');
    const id = await createLink(request, { organisation });
    await page.goto(`/${id}`);
    expect(await colours()).toEqual({
      band: 'rgb(122, 31, 92)',
      bandText: 'rgb(255, 255, 255)',
      button: 'rgb(122, 31, 92)',
      buttonText: 'rgb(255, 255, 255)',
    });
    await expectNoAxeViolations(page, 'branded checkout');

    // A mid-tone on which white fails 4.5:1 gets black text.
    await setBrandColour(request, organisation, '#777777');
    await page.reload();
    expect(await colours()).toMatchObject({ band: 'rgb(119, 119, 119)', bandText: 'rgb(0, 0, 0)' });
    await expectNoAxeViolations(page, 'mid-tone brand');

    // Too pale to stand out from the white page: the default accent, and no brand stylesheet at all.
    await setBrandColour(request, organisation, '#ffee00');
    await page.reload();
    expect(await colours()).toEqual({
      band: 'rgb(11, 92, 173)',
      bandText: 'rgb(255, 255, 255)',
      button: 'rgb(11, 92, 173)',
      buttonText: 'rgb(255, 255, 255)',
    });
    await expect(page.locator('link[href^="/brand/"]')).toHaveCount(0);
    await expectNoAxeViolations(page, 'pale brand falls back');

    expect((await request.get(`${sandboxUrl}/brand/ffee00.css`)).status()).toBe(404);
    const sheet = await request.get(`${sandboxUrl}/brand/7a1f5c.css`);
    expect(sheet.headers()['content-type']).toMatch(/^text\/css/);
    expect(await sheet.text()).toBe(':root:root{--brand:#7a1f5c;--brand-ink:#ffffff}\n');
  });
});
