import { expect, test, type Page } from './support/test';
import { createLink, sandboxUrl } from './checkout-fixtures';
import { createSession, embedFrame, fillCardIn, merchantServer, received } from './embed-fixtures';
import { hostedPages, portalPage } from './layout-fixtures';
import { catalog } from './locale-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { createLinkOn } from './support/production-checkout';
import { requiredEnv } from './e2e-env';

/*
 * Issue 17 items 8, 9, 13 and 16: page titles that name the organisation and the page in the page's language,
 * left-to-right inputs in right-to-left pages, embedded payment steps that fit their frame, and the sandbox badge.
 */
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');
const org = 'Sandbox Travel Group';

test.describe('page titles name the organisation and the page (item 8)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('every hosted page, in en-GB and in French', async ({ page, request }) => {
    const pages = await hostedPages(page, request);
    for (const locale of ['en-GB', 'fr']) {
      const t = catalog(locale, 'Layout');
      const prefix = locale === 'en-GB' ? '' : `/${locale}`;
      const titled = (page: string, organisation: string) =>
        t('titleWithOrganisation').replace('{page}', page).replace('{organisation}', organisation);
      const expected: [string, string][] = [
        [
          pages.checkout,
          t('titleCheckout').replace('{organisation}', org).replace('{description}', 'Share of the Lisbon choir trip'),
        ],
        [pages.memberLink, t('titleCheckoutPlain').replace('{organisation}', org)],
        // The sandbox wallet's sheet is a step of the checkout: the checkout's title.
        [
          `${pages.checkout}/wallet?wallet=google_pay&card=visa_gb`,
          t('titleCheckout').replace('{organisation}', org).replace('{description}', 'Share of the Lisbon choir trip'),
        ],
        [`${pages.memberLink}/member`, titled(catalog(locale, 'MemberPage')('title'), org)],
        [`${pages.memberLink}/member/card`, titled(catalog(locale, 'MemberPage')('replaceCardTitle'), org)],
        [`/${pages.paidLink}/success`, titled(t('titleSuccess'), org)],
        [`${pages.checkout}/failure`, titled(t('titleFailure'), org)],
        [`${pages.checkout}/cancel`, titled(t('titleCancel'), org)],
        [pages.receipt, titled(t('titleReceipt'), org)],
        [pages.approval, titled(t('titleApproval'), 'Sandbox Travel North')],
        ['/no-such/page', titled(catalog(locale, 'NotFound')('title'), 'travel-pay')],
      ];
      for (const [path, title] of expected) {
        await page.goto(`${sandboxUrl}${prefix}${path}`);
        await expect(page, `${locale} ${path}`).toHaveTitle(title);
      }
      await page.goto(pages.portal.replace('/groups/', `${prefix}/groups/`));
      await expect(page).toHaveTitle(titled(t('titlePortal').replace('{group}', 'Lisbon choir trip'), org));
    }
  });
});

test.describe('right to left: digits and codes stay left to right (item 9)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('card number, expiry, CVC and amounts are ltr under /ar; names stay rtl', async ({ page, request }) => {
    // The checkout and the portal only (hostedPages would pay two links and make a member group besides).
    const pages = { checkout: `/${await createLink(request, { description: 'Share of the Lisbon choir trip' })}` };
    const portal = await portalPage(page, request);
    const direction = (selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).direction);
    await page.goto(`/ar${pages.checkout}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    for (const field of ['#card-number', '#card-expiry', '#card-cvc'])
      expect(await direction(field), field).toBe('ltr');
    expect(await direction('#card-name')).toBe('rtl');
    await expectNoAxeViolations(page, 'ar checkout');
    await page.goto(portal.replace('/groups/', '/ar/groups/'));
    await expect(page.getByTestId('portal')).toBeVisible();
    for (const field of ['#member-amount', '#member-email', '#amount-1', '#due-1'])
      expect(await direction(field), field).toBe('ltr');
    expect(await direction('#member-name')).toBe('rtl');
    // And in a left-to-right page nothing changes.
    // (/en-GB: the unprefixed path would follow the language cookie back to Arabic.)
    await page.goto(`/en-GB${pages.checkout}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    expect(await direction('#card-number')).toBe('ltr');
    expect(await direction('#card-name')).toBe('ltr');
  });
});

/** Whether the merchant's iframe is exactly as tall as the step page it shows (the step's own iframe_height). */
async function frameFitsStep(page: Page): Promise<boolean> {
  const step = page.frames().find((f) => /\/sandbox\/(3ds|bank)\//.test(f.url()));
  if (!step) return false;
  const height = await step.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  const frameHeight = await page
    .locator('#payment-iframe iframe')
    .evaluate((el) => (el as HTMLIFrameElement).style.height);
  return frameHeight === `${height}px`;
}

test.describe('embedded payment steps fit the frame (item 13)', () => {
  const merchant = merchantServer();

  for (const width of [375, 1280]) {
    test(`3-D Secure at ${width} px: the frame grows to the challenge; Confirm in view without scrolling the frame`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 1200 });
      const id = await createSession(request);
      await merchant.open(page, id);
      const frame = embedFrame(page);
      await fillCardIn(frame, '4212 3456 7891 0006');
      await frame.getByTestId('pay-button').click();
      await expect(frame.getByLabel('Password')).toBeVisible();
      const messages = await received(page);
      // Before the step loads, the frame is given a height a processor's challenge fits (it cannot say its own).
      const redirectAt = messages.findIndex((m) => 'iframeRedirect' in m);
      expect(messages.slice(0, redirectAt).at(-1)?.iframe_height).toBeGreaterThanOrEqual(640);
      // Then the sandbox's challenge reports its own height, and the frame takes it.
      const iframe = page.locator('#payment-iframe iframe');
      await expect.poll(() => frameFitsStep(page)).toBe(true);
      const confirm = frame.getByRole('button', { name: 'Confirm' });
      await expect
        .poll(async () => {
          const outer = (await iframe.boundingBox())!;
          const button = (await confirm.boundingBox())!;
          return button.y + button.height <= outer.y + outer.height && button.y >= outer.y;
        })
        .toBe(true);
      expect(
        await frame
          .locator('body')
          .evaluate((body) => body.ownerDocument.documentElement.scrollHeight <= window.innerHeight),
      ).toBe(true);
      expect(await frame.locator('body').evaluate(() => window.scrollY)).toBe(0);
    });
  }

  test('the bank step too: its buttons in view without scrolling the frame', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 1200 });
    const id = await createSession(request, { open_banking_enabled: true, card_enabled: false });
    await merchant.open(page, id);
    const frame = embedFrame(page);
    await frame.getByRole('button', { name: 'Continue to your bank' }).click();
    await expect(frame.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expect.poll(() => frameFitsStep(page)).toBe(true);
    await expect
      .poll(async () =>
        frame.locator('body').evaluate((body) => body.ownerDocument.documentElement.scrollHeight <= window.innerHeight),
      )
      .toBe(true);
  });
});

test.describe('the sandbox badge (item 16)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('on every sandbox page, in the page language, in the flow, accessible; never in production', async ({
    page,
    request,
  }) => {
    const link = await createLink(request);
    const badge = page.getByTestId('sandbox-badge');
    for (const [path, locale] of [
      ['/', 'en-GB'],
      [`/${link}`, 'en-GB'],
      ['/docs/errors', 'en-GB'],
      ['/no-such/page', 'en-GB'],
      [`/ar/${link}`, 'ar'],
      ['/cy/nowhere', 'cy'],
    ] as const) {
      await page.goto(`${sandboxUrl}${path}`);
      await expect(badge, path).toHaveText(catalog(locale, 'Layout')('sandboxBadge'));
      await expect(badge).toHaveAttribute('role', 'note');
      // In the page's flow (not laid over it): it is first, and pushes the page down rather than covering it.
      expect(await badge.evaluate((el) => getComputedStyle(el).position)).toBe('static');
      const box = (await badge.boundingBox())!;
      const next = (await page.getByTestId('language-switch').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(next.y + 1);
    }
    await page.goto(`/${link}`);
    await expectNoAxeViolations(page, 'checkout with the sandbox badge');
    const productionLink = await createLinkOn(request);
    for (const path of ['/', `/${productionLink}`, '/docs/errors', '/no-such/page']) {
      await page.goto(`${productionUrl}${path}`);
      await expect(page.getByTestId('language-switch')).toBeVisible();
      await expect(badge, `production ${path}`).toHaveCount(0);
    }
  });
});
