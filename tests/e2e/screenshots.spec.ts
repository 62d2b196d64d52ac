import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { cardChecked, createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { createSession } from './embed-fixtures';
import { createGroup, type CreatedGroup } from './group-portal-fixtures';
import { approvalLink, linkTransactions } from './journey-fixtures';
import {
  declinedLink,
  memberCollectedAutomatically,
  removeConfirmation,
  walletSurchargeSheet,
} from './layout-fixtures';

/*
 * What a customer sees: every hosted page at 375 px and 1280 px, in en-GB and in Arabic (right to left),
 * written to docs/screenshots/ with an index (docs/screenshots/README.md). Refreshed by every run of the
 * suite, so the pictures are never older than the pages. Each page is reached as a customer reaches it
 * (a link paid, a group made through the API); its address is then opened in each language and width.
 */
const folder = path.join(process.cwd(), 'docs', 'screenshots');
const locales = ['en-GB', 'ar'] as const;
const widths = [375, 1280] as const;

/** `firstScreen`: long reference pages (the sandbox home, the error codes) are shown by their first screen only. */
type Shot = { name: string; title: string; path: string; firstScreen?: boolean };
const shots: Shot[] = [];

/** The page's address in a language: en-GB unprefixed, the others under their prefix (lib/i18n/routing.ts). */
function inLocale(address: string, locale: string): string {
  const url = new URL(address, sandboxUrl);
  if (locale !== 'en-GB') url.pathname = `/${locale}${url.pathname}`;
  return url.href;
}

const fileName = (name: string, locale: string, width: number) => `${name}.${locale}.${width}.jpg`;

/**
 * Each language's page is loaded once, at the first width, and pictured at each width in turn: the pages lay
 * themselves out by CSS media queries alone (one server render whatever the width), so a resized page is the page
 * a browser of that width loads, and a second load of the same address only cost the suite a render.
 */
async function capture(page: Page, shot: Shot) {
  for (const locale of locales) {
    await page.setViewportSize({ width: widths[0], height: 800 });
    // No language remembered from the last picture (next-intl's NEXT_LOCALE cookie would redirect en-GB).
    await page.context().clearCookies({ name: 'NEXT_LOCALE' });
    const response = await page.goto(inLocale(shot.path, locale));
    expect(response?.status(), `${shot.name} ${locale}`).toBeLessThan(500);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({
        path: path.join(folder, fileName(shot.name, locale, width)),
        fullPage: !shot.firstScreen,
        type: 'jpeg',
        quality: 60,
      });
    }
  }
  await page.context().clearCookies({ name: 'NEXT_LOCALE' });
  shots.push(shot);
}

async function paidLink(page: Page, request: APIRequestContext) {
  const id = await createLink(request);
  await page.goto(`/${id}`);
  await fillCard(page, '4111 1111 1111 1111');
  await cardChecked(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
  const [transaction] = await linkTransactions(request, id);
  return { id, transactionId: transaction!.id };
}

// Each test takes four pictures of several pages: minutes, not the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(() => fs.mkdirSync(folder, { recursive: true }));

test('public pages', async ({ page }) => {
  await capture(page, {
    name: 'home',
    title: 'Home (sandbox: keys, test clock, mailbox)',
    path: '/',
    firstScreen: true,
  });
  await capture(page, { name: 'status', title: 'Service status', path: '/status' });
  await capture(page, { name: 'docs-errors', title: 'Error codes', path: '/docs/errors', firstScreen: true });
  await capture(page, { name: 'not-found', title: 'Unknown link (404)', path: '/no-such-link' });
  await capture(page, { name: 'form-refused', title: 'A form the server refused', path: '/form-refused' });
  await capture(page, { name: 'mailbox', title: 'Sandbox mailbox', path: '/sandbox/mailbox', firstScreen: true });
});

test('checkout: the link, its receipt and outcomes', async ({ page, request }) => {
  const open = await createLink(request);
  await capture(page, { name: 'checkout', title: 'Payment link checkout', path: `/${open}` });
  await capture(page, {
    name: 'checkout-qr',
    title: "The link's QR code, for a customer in the shop",
    path: `/${open}/qr`,
  });
  const paid = await paidLink(page, request);
  await capture(page, { name: 'checkout-success', title: 'Paid: the confirmation', path: `/${paid.id}/success` });
  await capture(page, { name: 'receipt', title: 'Printable receipt', path: `/receipts/${paid.transactionId}` });
  const failure = await declinedLink(page, request);
  await capture(page, { name: 'checkout-failure', title: 'Declined: the failure page', path: failure });
});

test('wallets: the sandbox wallet sheet', async ({ page, request }) => {
  const id = await createLink(request);
  // The sheet of a card with nothing to confirm: the wallet, the card, the way back.
  await capture(page, {
    name: 'wallet-sheet',
    title: "The sandbox wallet's sheet (Google Pay, a Visa)",
    path: `/${id}/wallet?wallet=google_pay&card=visa_gb`,
  });
  await capture(page, {
    name: 'wallet-sheet-surcharge',
    title: "The sandbox wallet's sheet: a card's surcharge to confirm",
    path: await walletSurchargeSheet(page, id),
  });
});

test('the embedded checkout (the page a merchant frames)', async ({ page, request }) => {
  const session = await createSession(request);
  await capture(page, { name: 'embed', title: 'Embedded checkout of an online booking', path: `/embed/${session}` });
});

test('3-D Secure and the bank: the sandbox processor pages', async ({ page, request }) => {
  const id = await createLink(request);
  await page.goto(`/${id}`);
  await fillCard(page, '4212 3456 7891 0006');
  await cardChecked(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/sandbox\/3ds\//);
  await capture(page, {
    name: 'sandbox-3ds',
    title: 'Sandbox 3-D Secure challenge',
    path: new URL(page.url()).pathname,
  });
  const bank = await createLink(request, { open_banking_enabled: true, card_enabled: false });
  await page.goto(`/${bank}`);
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page).toHaveURL(/\/sandbox\/bank\//);
  await capture(page, {
    name: 'sandbox-bank',
    title: 'Sandbox bank (Pay by Bank)',
    path: new URL(page.url()).pathname,
  });
  // Back on the link while the bank waits, the customer cancels the payment.
  await page.goto(`/${bank}`);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page).toHaveURL(`${sandboxUrl}/${bank}/cancel`);
  await capture(page, { name: 'checkout-cancel', title: 'Cancelled: the cancel page', path: `/${bank}/cancel` });
});

test('approval of scheduled payments', async ({ page, request }) => {
  const { path: approval } = await approvalLink(page, request);
  await capture(page, { name: 'approval', title: 'Approval of scheduled payments', path: approval });
});

test('groups: the leader portal and a member link', async ({ page, request }) => {
  const group = (await createGroup(request)) as CreatedGroup & { members: { payment_links: { id: string }[] }[] };
  // The portal may be on the organisation's own domain (another spec verifies one): opened where it lives.
  await capture(page, { name: 'group-portal', title: 'Group leader portal', path: group.portal_url });
  await page.goto(group.portal_url);
  await capture(page, {
    name: 'group-portal-remove',
    title: 'The leader confirms removing a member',
    path: await removeConfirmation(page, 'Bo Member'),
  });
  const memberLink = group.members[0]!.payment_links[0]!.id;
  await capture(page, { name: 'group-member-checkout', title: 'A member pays an instalment', path: `/${memberLink}` });
  await capture(page, { name: 'group-member-page', title: "A member's own page", path: `/${memberLink}/member` });
});

test('groups: a member replaces their stored card', async ({ page, request }) => {
  const [, second] = await memberCollectedAutomatically(page, request);
  await capture(page, {
    name: 'member-card',
    title: 'A member replaces their stored card',
    path: `/${second}/member/card`,
  });
  // The state a card with a surcharge comes back to (group-member-page.spec.ts reaches it by posting such a card):
  // the sum shown, nothing stored until the card is entered again.
  await capture(page, {
    name: 'member-card-surcharge',
    title: "A replacement card's surcharge, to accept",
    path: `/${second}/member/card?confirm=90&total=6090`,
  });
});

/**
 * A shot's address in the index, without what changes from run to run: ids, the sandbox processor's references and
 * the leader portal's token (a credential has no place in a document either).
 */
function indexAddress(address: string): string {
  const url = new URL(address, sandboxUrl);
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}`.replace(/[0-9a-f-]{36}/g, '{id}').replace(/SBX-[0-9A-F]+/g, '{reference}');
}

test.afterAll(() => {
  const rows = shots.map(
    (shot) =>
      `## ${shot.title}\n\n\`${indexAddress(shot.path)}\`\n\n` +
      locales
        .map((locale) =>
          widths
            .map((width) => `![${shot.title}, ${locale}, ${width} px](${fileName(shot.name, locale, width)})`)
            .join(' '),
        )
        .join('\n\n'),
  );
  const index = `# Screenshots\n\nWhat a customer sees, at 375 px and 1280 px, in en-GB and Arabic. Written by \`tests/e2e/screenshots.spec.ts\` on every run of the end-to-end suite; do not edit by hand.\n\n${rows.join('\n\n')}\n`;
  if (shots.length > 0) fs.writeFileSync(path.join(folder, 'README.md'), index);
});
