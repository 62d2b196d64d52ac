import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { emailSamples } from '../support/email-samples';
import { cardChecked, createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Every email is a document a reader opens: rendered in Chromium at a phone's and a desktop's width, it must pass
 * axe like the pages (issue 17, item 5). The receipt is a real one: a link paid through the page, its email read
 * from the sandbox mailbox (the HTML part, as the mailbox's frame shows it). Every template and each of its
 * variants (tests/support/email-samples.ts, which the unit checks share) is rendered from its inputs in en-GB and
 * Arabic (right to left), through the same code the services call: the mailbox page's own axe check skips the
 * frame that shows a body (support/axe.ts), so this is where every body is checked.
 */
const widths = [375, 1280];

/**
 * One column at both widths, and axe once (at a phone's width): an email's content, colours and structure are
 * the same at every width (inline styles, no media queries), so a second axe pass would check the same document.
 */
async function expectAccessibleEmail(page: Page, html: string, label: string) {
  for (const width of [...widths].reverse()) {
    await page.setViewportSize({ width, height: 900 });
    if (width === widths[widths.length - 1]) await page.setContent(html);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${label} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await expectNoAxeViolations(page, `${label} at ${widths[0]}px`);
}

// A loaded machine renders and checks each email at two widths in well over the default 30 s.
test.describe.configure({ timeout: 120_000 });

test('a paid link sends the payer a receipt that fits 375 and 1280 px and passes axe', async ({ page, request }) => {
  const to = `receipt-${randomBytes(4).toString('hex')}@example.com`;
  const id = await createLink(request, { amount: 12345, email: to });
  await page.goto(`/${id}`);
  await fillCard(page, '4111 1111 1111 1111');
  await cardChecked(page);
  await page.getByRole('button', { name: 'Pay £123.45' }).click();
  await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);

  await page.goto(`${sandboxUrl}/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  const email = page.getByTestId('mailbox-email');
  await expect(email).toHaveCount(1);
  await expect(email.getByRole('heading', { level: 2 })).toContainText('your payment receipt');
  await expect(email.getByTestId('mailbox-text')).toContainText('£123.45');
  await expect(email.getByTestId('mailbox-text')).toContainText('Visa ending 1111');
  await expect(email.getByTestId('mailbox-text')).toContainText('/receipts/');
  const frameSource = await email.locator('iframe').getAttribute('src');
  const document = await request.get(`${sandboxUrl}${frameSource}`);
  // Its own document with its own policy: the email's inline styles, and no script at all.
  expect(document.headers()['content-security-policy']).toContain("default-src 'none'");
  const html = await document.text();
  expect(html).toContain('lang="en-GB"');
  await expectAccessibleEmail(page, html, 'the receipt email');
});

// No logo: the page would fetch it from a host that does not exist (the unit checks cover the logo's place).
const brand = emailBrand('Sunny Tours', { brand_colour: '#7a1f5c' });

for (const [name, sample] of Object.entries(emailSamples)) {
  for (const locale of ['en-GB', 'ar']) {
    test(`the ${name} email in ${locale} fits 375 and 1280 px and passes axe`, async ({ page }) => {
      const email = await sample.render(brand, locale);
      expect(email.html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
      await expectAccessibleEmail(page, email.html, `the ${name} email (${locale})`);
    });
  }
}
