import { expect, test, type Page } from './support/test';
import { createLink, sandboxUrl } from './checkout-fixtures';
import { requiredEnv } from './e2e-env';
import { catalog, fillCardIn, money, openLanguageSwitch } from './locale-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Item 8, for every customer: journeys in Welsh and Arabic (right to left), the
 * customer's Accept-Language on a first visit, the language switch, 320 px
 * screens, the keyboard alone, and 404s that keep their address.
 */
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');
// Several pages and axe runs a test, on a machine the whole suite shares.
test.describe.configure({ timeout: 90_000 });
const expiresAt = '2030-03-15T12:00:00.000Z';
const longDate = (locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' }).format(
    new Date(expiresAt),
  );
const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const [locale, dir] of [
  ['cy', 'ltr'],
  ['ar', 'rtl'],
] as const) {
  test(`a card payment in ${locale}: ${dir} page, amounts and dates formatted for ${locale}, axe on the form and the receipt`, async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { amount: 12345, expires_at: expiresAt });
    const checkout = catalog(locale, 'Checkout');
    const form = catalog(locale, 'CheckoutForm');
    await page.goto(`/${locale}/${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe(dir);
    expect(await page.getByTestId('checkout-amount').textContent()).toBe(money(12345, locale));
    // Arabic shows its currency symbol isolated left to right (lib/money.ts): "UK£", not "£UK".
    if (locale === 'ar') expect(money(12345, locale)).toContain('\u2066UK£\u2069');
    expect(await page.getByTestId('checkout-expires').textContent()).toBe(longDate(locale));
    await expect(page.getByRole('heading', { level: 2, name: checkout('cardHeading') })).toBeVisible();
    await expectNoAxeViolations(page, `checkout (${locale})`);

    await fillCardIn(page, locale, '4111 1111 1111 1111');
    await page.getByRole('button', { name: form('payButton').replace('{amount}', money(12345, locale)) }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${locale}/${id}/success`);
    await expect(page.getByTestId('result-title')).toHaveText(checkout('successTitle'));
    await expect(page.getByTestId('receipt-method')).toHaveText(
      checkout('receiptCard').replace('{brand}', 'Visa').replace('{lastFour}', '1111'),
    );
    expect(await page.getByTestId('receipt-amount').textContent()).toBe(money(12345, locale));
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expectNoAxeViolations(page, `success page (${locale})`);
  });
}

test.describe('the customer’s language', () => {
  test.use({ locale: 'fr-FR', javaScriptEnabled: false });

  test('Accept-Language fr on a first visit lands on the French checkout; English picked from the switch then sticks (no JavaScript)', async ({
    page,
    request,
  }) => {
    const id = await createLink(request);
    await page.goto(`${sandboxUrl}/${id}`);
    await expect(page).toHaveURL(`${sandboxUrl}/fr/${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByLabel(catalog('fr', 'CheckoutForm')('numberLabel'))).toBeVisible();

    await openLanguageSwitch(page);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    // The choice is remembered (NEXT_LOCALE), over the browser's French.
    await page.goto(`${sandboxUrl}/${id}/cancel`);
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/cancel`);
    await expect(page.getByTestId('result-title')).toHaveText('Payment cancelled');
  });
});

test('the language switch keeps the path, also after client-side navigation, and names each language in itself', async ({
  page,
  request,
}) => {
  const id = await createLink(request);
  await page.goto(`/${id}/failure`);
  const links = page.getByTestId('language-switch').locator('a');
  await expect(links).toHaveCount(11);
  await expect(page.getByTestId('language-switch').locator('a[lang="ar"]')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('language-switch').locator('a[lang="el"]')).toHaveText('Ελληνικά');
  await openLanguageSwitch(page);
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(`${sandboxUrl}/de/${id}/failure`);
  await expect(page.getByTestId('result-title')).toHaveText(catalog('de', 'Checkout')('failureTitle'));
  // "Try again" is a client-side navigation: the layout (and its switch) is not rendered again.
  await page.getByTestId('try-again').click();
  await expect(page).toHaveURL(`${sandboxUrl}/de/${id}`);
  await openLanguageSwitch(page);
  await page.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(`${sandboxUrl}/es/${id}`);
  await expect(page.getByLabel(catalog('es', 'CheckoutForm')('numberLabel'))).toBeVisible();
});

test('at 320 px wide no page scrolls sideways, and a card payment works there', async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const id = await createLink(request, { amount: 987654, open_banking_enabled: true, expires_at: expiresAt });
  for (const path of [
    '/',
    '/cy',
    '/docs/errors',
    '/el/docs/errors',
    '/sandbox/mailbox',
    '/no-such/page',
    `/de/${id}`,
    `/el/${id}`,
    `/ar/${id}`,
    `/pl/${id}/cancel`,
  ]) {
    await page.goto(path);
    expect(await noSideways(page), path).toBe(true);
    await openLanguageSwitch(page);
    expect(await noSideways(page), `${path} with the language list open`).toBe(true);
  }
  await page.goto(`/pt/${id}`);
  await fillCardIn(page, 'pt', '4111 1111 1111 1111');
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${sandboxUrl}/pt/${id}/success`);
  expect(await noSideways(page), 'receipt').toBe(true);
});

test('a whole payment with the keyboard alone (Tab, typing, Enter), the focus always visible and in a logical order', async ({
  page,
  request,
}) => {
  const id = await createLink(request, { amount: 5000 });
  await page.goto(`/${id}`);
  const focus = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return {
        tag: element.tagName,
        id: element.id,
        visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      };
    });
  const order: string[] = [];
  // The sandbox wallet (its card list and two buttons) comes before the card form: tabbed past.
  for (const text of ['', '', '', '', '4111111111111111', '12/34', '123', 'Ada Lovelace', '']) {
    await page.keyboard.press('Tab');
    const now = await focus();
    expect(now.visible, `focus visible on ${now.tag}#${now.id}`).toBe(true);
    order.push(now.id || now.tag);
    if (text) await page.keyboard.type(text);
  }
  expect(order).toEqual([
    'SUMMARY',
    'wallet-card',
    'BUTTON',
    'BUTTON',
    'card-number',
    'card-expiry',
    'card-cvc',
    'card-name',
    'BUTTON',
  ]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
  await expect(page.getByTestId('receipt-method')).toHaveText('Visa ending 1111');
});

test.describe('paths that cannot be pages', () => {
  test('answer the 404 document at their own address, in their language, with language links that keep the path', async ({
    page,
  }) => {
    for (const [url, heading] of [
      [`${sandboxUrl}/pas-de-page`, 'Page not found'],
      [`${sandboxUrl}/fr/pas-de-page`, 'Page introuvable'],
      [`${sandboxUrl}/abc/success`, 'Page not found'],
      [`${sandboxUrl}/cy/docs`, catalog('cy', 'NotFound')('title')],
      [`${productionUrl}/ar/sandbox/mailbox`, catalog('ar', 'NotFound')('title')],
    ] as const) {
      // No NEXT_LOCALE cookie from the previous path: an unprefixed path would follow it (a redirect).
      await page.context().clearCookies();
      const raw = await fetch(url, { redirect: 'manual' });
      expect(raw.status, url).toBe(404);
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      expect(page.url()).toBe(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectNoAxeViolations(page, url);
    }
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('language-switch').locator('a[lang="de"]')).toHaveAttribute(
      'href',
      '/de/sandbox/mailbox',
    );
  });

  test('an unknown uuid still reaches the page, which asks the database, and ends on the 404', async ({ page }) => {
    const response = await page.goto('/el/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog('el', 'NotFound')('title'));
  });
});
