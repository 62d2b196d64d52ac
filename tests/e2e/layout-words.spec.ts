import { expect, test, type Page } from './support/test';
import { createLink, sandboxUrl } from './checkout-fixtures';
import { createSession } from './embed-fixtures';
import { approvalLink } from './journey-fixtures';
import {
  declinedLink,
  hostedPages,
  memberCollectedAutomatically,
  portalPage,
  removeConfirmation,
  walletSurchargeSheet,
} from './layout-fixtures';
import { createMemberGroup } from './member-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Issue 17 item 6: no word or amount breaks across lines on any hosted page, from 320 to 1920 px, and no page
 * scrolls sideways. Measured in the browser: every word of the page's text (a run without spaces, or a part of a
 * hyphenated word, up to 24 characters, neither a URL nor an email: those are codes that may wrap when longer than
 * a line) is a Range
 * whose boxes must all sit on one line. The portal's members, the approval's payments and the error codes are
 * stacked rows on a narrow screen (each cell led by its column's name) and a whole table at 1280 px.
 */
const widths = [320, 375, 768, 1280, 1920];

/** The words of the page that the browser split over two lines or more. */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || parent.closest('script, style, template, .visually-hidden, thead') || !parent.checkVisibility())
        continue;
      for (const run of text.data.matchAll(/\S+/g)) {
        // Codes (a URL, an email, an id: longer than 24 characters) may wrap when longer than a line.
        if (run[0].length > 24 || /[@/]/.test(run[0])) continue;
        // A hyphenated word may end a line at its hyphen ("unique-|local"): its parts are the words.
        for (const part of run[0].matchAll(/.+?(?:(?<=\p{L}[-\u2010])(?=\p{L})|$)/gu)) {
          const word = part[0];
          const start = run.index + part.index;
          if (!/[\p{L}\p{N}]/u.test(word)) continue;
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, start + word.length);
          const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          const first = boxes[0];
          if (first && boxes.some((r) => Math.abs(r.top - first.top) > first.height / 2)) broken.push(word);
        }
      }
    }
    return broken;
  });
}

/** Whether anything makes the page, or a scrolling region in it, wider than the screen. */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide: string[] = [];
    const edge = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > edge) {
      // Name what reaches past the screen's edge (the innermost such elements), so a failure says where to look.
      const past = [...document.body.querySelectorAll('*')].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > edge + 1 || box.left < -1);
      });
      const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
      wide.push(`the page, past its edge: ${innermost.map((e) => e.outerHTML.slice(0, 120)).join(' | ')}`);
    }
    for (const region of document.querySelectorAll<HTMLElement>('[role="region"], table'))
      if (region.scrollWidth > region.clientWidth + 1) wide.push(region.outerHTML.slice(0, 80));
    return wide;
  });
}

async function expectWholeWords(page: Page, label: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await brokenWords(page), `${label} at ${width} px: words split across lines`).toEqual([]);
    expect(await sidewaysScroll(page), `${label} at ${width} px: scrolls sideways`).toEqual([]);
  }
}

test.describe('no text breaks mid-word or mid-number, 320 to 1920 px', () => {
  test.describe.configure({ timeout: 180_000 });

  test('checkout, member link, success, receipt, approval, portal and error codes, in en-GB, de and ar', async ({
    page,
    request,
  }) => {
    const pages = await hostedPages(page, request);
    const paths = {
      checkout: pages.checkout,
      'member link': pages.memberLink,
      success: `/${pages.paidLink}/success`,
      receipt: pages.receipt,
      approval: pages.approval,
      'error codes': '/docs/errors',
    };
    for (const locale of ['', '/de', '/ar']) {
      for (const [label, path] of Object.entries(paths)) {
        await page.goto(`${sandboxUrl}${locale}${path}`);
        await expectWholeWords(page, `${label} ${locale || 'en-GB'}`);
      }
      await page.goto(`${pages.portal.replace('/groups/', `${locale}/groups/`)}`);
      await expect(page.getByTestId('portal')).toBeVisible();
      await expectWholeWords(page, `portal ${locale || 'en-GB'}`);
    }
  });

  test("a member's own page and card replacement, failure, QR, wallet sheet, the embed and portal removal, in en-GB, de and ar", async ({
    page,
    request,
  }) => {
    const [, second] = await memberCollectedAutomatically(page, request);
    const open = await createLink(request);
    // Each page's address, and what shows it is in the state measured (not sent elsewhere).
    const pages: Record<string, [path: string, shown: string]> = {
      "member's page": [`/${second}/member`, 'member-page-schedule'],
      'card replacement': [`/${second}/member/card`, 'replace-card-form'],
      // The state a card with a surcharge comes back to (group-member-page.spec.ts reaches it by posting one).
      'card replacement, surcharge': [`/${second}/member/card?confirm=90&total=6090`, 'replace-card-surcharge'],
      failure: [await declinedLink(page, request), 'failure-why'],
      'QR code': [`/${open}/qr`, 'qr-image'],
      'wallet sheet': [`/${open}/wallet?wallet=google_pay&card=visa_gb`, 'wallet-sheet'],
      'wallet sheet, surcharge': [await walletSurchargeSheet(page, open), 'wallet-surcharge'],
      // The embedded checkout as its own page: the frame a merchant's page gives it is as wide as the merchant makes it.
      embed: [`/embed/${await createSession(request)}`, 'embed'],
    };
    await portalPage(page, request);
    const removal = await removeConfirmation(page, 'Bartholomew Longname-Member');
    for (const locale of ['', '/de', '/ar']) {
      for (const [label, [path, shown]] of Object.entries(pages)) {
        await page.goto(`${sandboxUrl}${locale}${path}`);
        await expect(page.getByTestId(shown), `${label} ${locale || 'en-GB'}`).toBeVisible();
        await expectWholeWords(page, `${label} ${locale || 'en-GB'}`);
      }
      await page.goto(removal.replace('/groups/', `${locale}/groups/`));
      await expect(page.getByTestId('confirm-remove')).toBeVisible();
      await expectWholeWords(page, `portal removal ${locale || 'en-GB'}`);
    }
  });

  test('the portal: stacked rows with their column names below 58.5rem (936 px), one table at 1280 px; axe on both', async ({
    page,
    request,
  }) => {
    // portalPage leaves the page on the portal it made (the other pages of hostedPages are not looked at here).
    await portalPage(page, request);
    const firstRow = page.getByTestId('portal-member').first();
    const share = firstRow.getByTestId('member-amount');
    await page.setViewportSize({ width: 375, height: 900 });
    // Stacked: each cell on its own line, led by its column's name.
    expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('block');
    expect(await share.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Share"');
    await expectNoAxeViolations(page, 'portal at 375 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('table-row');
    expect(await share.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('none');
    await expectNoAxeViolations(page, 'portal at 1280 px');
    // The whole table is in view: its region does not scroll.
    const region = page.locator('div.portal-members');
    expect(await region.evaluate((r) => r.scrollWidth <= r.clientWidth)).toBe(true);
  });

  test("the approval page, the error codes and a member's schedule stacked at 375 px; axe", async ({
    page,
    request,
  }) => {
    const { path: approval } = await approvalLink(page, request);
    const { links } = await createMemberGroup(request, [15000, 15000]);
    await page.setViewportSize({ width: 375, height: 900 });
    for (const path of [approval, '/docs/errors', `/${links[0]}/member`]) {
      await page.goto(path);
      expect(
        await page
          .locator('tbody tr')
          .first()
          .evaluate((row) => getComputedStyle(row).display),
      ).toBe('block');
      await expectNoAxeViolations(page, `${path} at 375 px`);
    }
  });
});
