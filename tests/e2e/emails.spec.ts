import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { approvalEmail } from '@/lib/email/templates/approval-email';
import { collectionFailedEmail } from '@/lib/email/templates/collection-failed-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { emailText } from '@/lib/email/templates/email-text';
import { groupAlertEmail } from '@/lib/email/templates/group-alert-email';
import { memberLinkEmail } from '@/lib/email/templates/member-link-email';
import { organisationAlertEmail } from '@/lib/email/templates/organisation-alert-email';
import { portalLinkReplacedEmail } from '@/lib/email/templates/portal-link-replaced-email';
import { receiptEmail } from '@/lib/email/templates/receipt-email';
import type { RenderedEmail } from '@/lib/email/templates/render-email';
import { cardChecked, createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Every email is a document a reader opens: rendered in Chromium at a phone's and a desktop's width, it must pass
 * axe like the pages (issue 17, item 5). The receipt is a real one: a link paid through the page, its email read
 * from the sandbox mailbox (the HTML part, as the mailbox's frame shows it). The other templates are rendered
 * from their inputs in en-GB and Arabic (right to left), through the same code the services call.
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

const brand = emailBrand('Sunny Tours', { brand_colour: '#7a1f5c' });
const due = new Date('2027-01-12T10:00:00Z');
const templates: Record<string, (locale: string) => Promise<RenderedEmail>> = {
  receipt: (locale) =>
    receiptEmail(brand, emailText(locale), {
      payerName: 'Jane Traveller',
      bookingReference: 'BK-1001',
      paymentReference: 'f3a1c2d4-0000-4000-8000-000000000001',
      held: false,
      amount: 10250,
      currency: 'GBX',
      surcharge: 250,
      dcc: { cardCurrency: 'EUX', rate: 1.2051, markupBps: 300, convertedAmount: 12352 },
      method: { kind: 'card', brand: 'Visa', lastFour: '1111' },
      automatic: false,
      paidAt: due,
      receiptUrl: 'https://pay.example.com/receipts/f3a1c2d4-0000-4000-8000-000000000001',
    }),
  'collection failed': (locale) =>
    collectionFailedEmail(brand, emailText(locale), {
      payerName: 'Ola Nowak',
      bookingReference: 'BK-1001',
      groupName: 'Alps 2027',
      amount: 20000,
      currency: 'GBX',
      dueAt: due,
      failure: 'insufficient_funds',
      card: { brand: 'Visa', lastFour: '0006' },
      payUrl: 'https://pay.example.com/6b1f',
    }),
  approval: (locale) =>
    approvalEmail(brand, emailText(locale), {
      customerName: 'Jane Traveller',
      bookingReference: 'BK-1001',
      payments: [
        { amount: 20000, currency: 'GBX', date: due },
        { amount: 5000, currency: 'GBX', date: new Date('2027-02-12T10:00:00Z') },
      ],
      url: 'https://pay.example.com/approvals/1',
      expiresAt: due,
    }),
  'portal link replaced': (locale) =>
    portalLinkReplacedEmail(brand, emailText(locale), {
      groupName: 'Alps 2027',
      leadName: 'Lee Leader',
      url: 'https://pay.example.com/groups/1?token=abc',
      expiresAt: due,
    }),
  'group alert': (locale) =>
    groupAlertEmail(brand, emailText(locale), {
      kind: 'charge_failed',
      groupName: 'Alps 2027',
      bookingReference: 'BK-1001',
      groupId: 'g-1',
      lines: [
        {
          memberName: 'Ola Nowak',
          amount: 20000,
          currency: 'GBX',
          dueAt: due,
          failure: { cause: 'declined', reason: 'insufficient_funds', attempts: 1 },
        },
      ],
      portalUrl: 'https://pay.example.com/groups/1?token=abc',
    }),
  // The organisation's alerts share one template; the one with the most facts (amount, instant, references).
  'organisation alert': (locale) =>
    organisationAlertEmail(brand, locale, {
      kind: 'payment_unresolved',
      amount: 10000,
      currency: 'GBX',
      transactionId: 'f3a1c2d4-0000-4000-8000-000000000001',
      method: 'card',
      startedAt: due,
      hours: 24,
      providerReference: 'PSP-8815',
    }),
  'member link': (locale) =>
    memberLinkEmail(brand, emailText(locale), {
      bookingReference: 'BK-1001',
      groupName: 'Alps 2027',
      memberName: 'Ola Nowak',
      amount: 20000,
      currency: 'GBX',
      dueAt: due,
      url: 'https://pay.example.com/6b1f',
    }),
};

for (const [name, render] of Object.entries(templates)) {
  for (const locale of ['en-GB', 'ar']) {
    test(`the ${name} email in ${locale} fits 375 and 1280 px and passes axe`, async ({ page }) => {
      const email = await render(locale);
      expect(email.html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
      await expectAccessibleEmail(page, email.html, `the ${name} email (${locale})`);
    });
  }
}
