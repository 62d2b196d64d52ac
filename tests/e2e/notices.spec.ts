import { expect, test } from './support/test';
import { sandboxUrl } from './checkout-fixtures';
import { api, daysAhead, ORG_A, originA, uniqueEmail } from './group-portal-fixtures';
import { apiToken } from './journey-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { mailboxCount, runnerPoll } from './support/mailbox-count';

/*
 * Issue 17 items 3 and 4 through the sandbox mailbox: a member's reminder before their instalment falls due (the
 * server's runner sends it), a plain payment link sent by the API and followed from the email, and the link's
 * QR code page a member of staff shows a customer in the shop.
 */
// The runner's pass (up to 45 s on a loaded machine), a quiet wait for a second pass, and axe on the email's frame.
test.describe.configure({ timeout: 120_000 });

const mailbox = (to: string) => `${sandboxUrl}/sandbox/mailbox?to=${encodeURIComponent(to)}`;

test('a member is reminded before their instalment falls due, in the sandbox mailbox', async ({ page, request }) => {
  const member = uniqueEmail('rita');
  const group = await api(request, 'put', '/agent/payment-link-groups', {
    organisation: ORG_A,
    lead_name: 'Lena Leader',
    lead_email: uniqueEmail('lena'),
    send_portal_link: false,
    booking_reference: `REM-${Date.now().toString(36)}`,
    members: [{ customer_name: 'Rita Member', email: member, amount: 30000 }],
    installments: [
      { amount: 15000, due_at: daysAhead(2) },
      { amount: 15000, due_at: daysAhead(400) },
    ],
  });
  const linkId = group.members[0].payment_links[0].id as string;
  await expect.poll(() => mailboxCount(request, sandboxUrl, member), runnerPoll(45_000)).toBe(1);
  await page.goto(mailbox(member));
  await expect(page.getByTestId('mailbox-email')).toHaveCount(1);
  const email = page.getByTestId('mailbox-email');
  await expect(email.getByRole('heading', { level: 2 })).toContainText('your payment of £150.00 is due on');
  await expect(email.getByTestId('mailbox-text')).toContainText('Dear Rita Member,');
  await expect(email.getByTestId('mailbox-text')).toContainText(`/${linkId}`);
  // The HTML part (in the mailbox's sandboxed frame, folded away: the frame loads when opened) has the Pay button
  // to the member's link.
  await email.getByText('HTML body').click();
  await expect(email.locator('iframe').contentFrame().getByRole('link', { name: 'Pay £150.00' })).toHaveAttribute(
    'href',
    new RegExp(`/${linkId}$`),
  );
  await expectNoAxeViolations(page, 'mailbox with a member reminder');
  // Another pass or two of the runner sends nothing more.
  await page.waitForTimeout(6_000);
  await page.goto(mailbox(member));
  await expect(page.getByTestId('mailbox-email')).toHaveCount(1);
});

test('a payment link sent by the API arrives and opens its checkout; its QR page shows the code', async ({
  page,
  request,
}) => {
  const customer = uniqueEmail('sam');
  const link = await api(request, 'put', '/agent/payment-links', {
    organisation: ORG_A,
    customer_name: 'Sam Shopper',
    email: uniqueEmail('other'),
    amount: 4200,
    description: 'Excursion to Sintra',
  });
  const sent = await api(request, 'post', `/agent/payment-links/${link.id}/send`, { email: customer });
  expect(sent).toMatchObject({ payment_link_id: link.id, email: customer, locale: 'en-GB' });
  await expect.poll(() => mailboxCount(request, sandboxUrl, customer), runnerPoll(30_000)).toBe(1);
  await page.goto(mailbox(customer));
  await expect(page.getByTestId('mailbox-email')).toHaveCount(1);
  const email = page.getByTestId('mailbox-email');
  await expect(email.getByRole('heading', { level: 2 })).toContainText('your payment link for £42.00');
  await expect(email.getByTestId('mailbox-text')).toContainText('Excursion to Sintra');
  await expectNoAxeViolations(page, 'mailbox with a sent payment link');
  await email.getByText('HTML body').click();
  const href = await email
    .locator('iframe')
    .contentFrame()
    .getByRole('link', { name: 'Pay £42.00' })
    .getAttribute('href');
  // The organisation's hosted origin: its portal domain once another spec has verified one, else the service's own.
  expect([`${sandboxUrl}/${link.id}`, `${originA}/${link.id}`]).toContain(href);
  const url = href!;

  await page.goto(`${sandboxUrl}/${link.id}/qr`);
  await expect(page).toHaveTitle(/QR code to pay/);
  await expect(page.getByRole('heading', { level: 2, name: 'Scan to pay' })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('£42.00');
  const image = page.getByRole('img', { name: `QR code of the payment page ${url}` });
  await expect(image).toBeVisible();
  expect((await image.boundingBox())!.width).toBeGreaterThan(250);
  await expect(page.getByTestId('qr-url')).toHaveText(url);
  await expectNoAxeViolations(page, 'QR code page');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page, 'QR code page at 375 px');

  const svg = await request.get(`${sandboxUrl}/api/agent/payment-links/${link.id}/qr.svg`, {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
  });
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
});
