import { expect, test } from './support/test';
import { requiredEnv } from './e2e-env';
import { openLanguageSwitch } from './locale-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * What every page shares: a 404 rendered on the server (whole HTML without
 * JavaScript), a favicon, the way home and to another language; and the error
 * docs and the mailbox pages a new user tripped over.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');

test.describe('404 without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [label, url, heading] of [
    ['an unknown path', `${sandboxUrl}/no-such-page/really`, 'Page not found'],
    ['an unknown path in French', `${sandboxUrl}/fr/pas-de-page`, 'Page introuvable'],
    ['the mailbox in production', `${productionUrl}/sandbox/mailbox`, 'Page not found'],
    [
      'the 3-D Secure page in production, in German',
      `${productionUrl}/de/sandbox/3ds/any-reference`,
      'Seite nicht gefunden',
    ],
  ] as const) {
    test(`${label} answers 404 with its text in the HTML`, async ({ page, request }) => {
      const raw = await request.get(url);
      expect(raw.status()).toBe(404);
      const html = await raw.text();
      expect(html).not.toContain('__next_error__');
      expect(html).toContain(`<h1>${heading}</h1>`);
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByTestId('nav-home')).toBeVisible();
    });
  }
});

test.describe('favicon', () => {
  test('is served, and every page links an icon', async ({ request }) => {
    const icon = await request.get(`${sandboxUrl}/favicon.ico`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/image\//);
    for (const url of [
      `${sandboxUrl}/`,
      `${sandboxUrl}/docs/errors`,
      `${sandboxUrl}/sandbox/mailbox`,
      `${sandboxUrl}/nowhere`,
      `${productionUrl}/`,
    ]) {
      const html = await (await request.get(url)).text();
      const href = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
      expect(href, url).toBeTruthy();
      const linked = await request.get(new URL(href!, url).toString());
      expect(linked.status(), `${url} icon ${href}`).toBe(200);
    }
  });
});

test.describe('error docs', () => {
  test('render code spans as code, never backticks, and lead home and to another language', async ({ page }) => {
    await page.goto(`${sandboxUrl}/docs/errors`);
    const row = page.locator('tr[id="auth.missing_token"]');
    await expect(row.locator('td').nth(3).locator('code')).toHaveText('Authorization: Bearer <token>');
    expect(await page.locator('main').innerText()).not.toContain('`');

    await openLanguageSwitch(page);
    await page.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/fr/docs/errors`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Codes d'erreur de l'API");
    await page.getByTestId('nav-home').click();
    await expect(page).toHaveURL(`${sandboxUrl}/fr`);
  });
});

test.describe('mailbox pages', () => {
  test('a page past the end goes back to the first', async ({ page }) => {
    const response = await page.goto(`${sandboxUrl}/sandbox/mailbox?page=9999`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${sandboxUrl}/sandbox/mailbox`);
    // The first page: nothing before it (what follows depends on how many emails the suite has sent so far).
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
    await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  });

  test('lead home and to another language', async ({ page }) => {
    await page.goto(`${sandboxUrl}/sandbox/mailbox`);
    await openLanguageSwitch(page);
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/de/sandbox/mailbox`);
    await page.getByTestId('nav-home').click();
    await expect(page).toHaveURL(`${sandboxUrl}/de`);
  });
});

test.describe('status page', () => {
  test('answers 200 in each mode and language, with the page security headers, and passes axe', async ({
    page,
    request,
  }) => {
    for (const [url, heading] of [
      [`${sandboxUrl}/status`, 'Service status'],
      [`${productionUrl}/status`, 'Service status'],
      [`${sandboxUrl}/fr/status`, 'État du service'],
    ] as const) {
      const response = await request.get(url, { headers: { 'accept-language': 'en-GB' }, maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(await response.text(), url).toContain(`<h1>${heading}</h1>`);
    }
    await page.goto(`${sandboxUrl}/status`);
    await expectNoAxeViolations(page);
  });
});
