import { expect, test } from './support/test';
import { cardChecked, createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { api, createGroup, daysAhead, ORG_A, ORG_B, originA, uniqueEmail } from './group-portal-fixtures';
import { apiToken } from './journey-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { mailboxCount, runnerPoll } from './support/mailbox-count';
import { expectAccessibleEmails, linkInEmail } from './support/mailbox-email';

/*
 * Issue 17 items 2, 3 and 4 through the sandbox mailbox: the organisation's notice of each payment and the
 * leader's portal email (item 2), a member's reminder before their instalment falls due (the server's runner sends
 * it), a plain payment link sent by the API and followed from the email, and the link's QR code page a member of
 * staff shows a customer in the shop. Each email's HTML part is rendered and axe-checked (support/mailbox-email.ts).
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
  await expectAccessibleEmails(page, sandboxUrl, [{ email, label: 'the member reminder email' }]);
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
  await expectAccessibleEmails(page, sandboxUrl, [{ email, label: 'the payment link email' }]);
  await page.goto(mailbox(customer));
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

test('the organisation set to notices of each payment gets one of a link paid in Chromium; the setting is restored', async ({
  page,
  request,
}) => {
  // The sandbox's second organisation: no other spec reads its notices or its notification address, and the
  // setting is put back as it was (a payment of it completed meanwhile is noticed to this test's address alone).
  const settingsPath = `/agent/organisations/${ORG_B}/settings`;
  const before = await api(request, 'get', settingsPath);
  const notices = uniqueEmail('notices');
  const payer = `Nora Notice ${Date.now().toString(36)}`;
  const id = await createLink(request, { organisation: ORG_B, customer_name: payer, email: uniqueEmail('nora') });
  const notice = page.getByTestId('mailbox-email').filter({ hasText: payer });
  await api(request, 'post', settingsPath, { merchant_notices: 'each_payment', notification_email: notices });
  try {
    await page.goto(`/${id}`);
    await fillCard(page, '4111 1111 1111 1111', payer);
    await cardChecked(page);
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    // The runner's next pass sends it (other payments of the organisation in the last day get theirs too).
    await expect
      .poll(async () => (await (await request.get(mailbox(notices))).text()).includes(payer), runnerPoll(45_000))
      .toBe(true);
  } finally {
    await api(request, 'post', settingsPath, {
      merchant_notices: before.merchant_notices,
      notification_email: before.notification_email,
    });
  }
  await page.goto(mailbox(notices));
  await expect(notice).toHaveCount(1);
  await expect(notice.getByRole('heading', { level: 2 })).toContainText(/payment of £[\d.,]+ received/);
  const text = notice.getByTestId('mailbox-text');
  await expect(text).toContainText('A payment was completed through your payment pages.');
  await expect(text).toContainText('Visa card ending 1111');
  await expect(text).toContainText('merchant_notices');
  await expectNoAxeViolations(page, 'mailbox with a merchant notice');
  await expectAccessibleEmails(page, sandboxUrl, [{ email: notice, label: 'the merchant notice email' }]);
  const after = await api(request, 'get', settingsPath);
  expect([after.merchant_notices, after.notification_email]).toEqual([
    before.merchant_notices,
    before.notification_email,
  ]);
});

test('a group created without send_portal_link emails the leader their portal link, which opens the portal', async ({
  page,
  request,
}) => {
  const lead = uniqueEmail('leo');
  // The organisation's setting send_leader_portal_link is unset (on); the creation does not say.
  const group = await createGroup(request, { lead_name: 'Leo Leader', lead_email: lead });
  await expect.poll(() => mailboxCount(request, sandboxUrl, lead), runnerPoll(30_000)).toBe(1);
  await page.goto(mailbox(lead));
  const email = page.getByTestId('mailbox-email');
  await expect(email.getByRole('heading', { level: 2 })).toContainText('your group page for booking');
  await expect(email.getByTestId('mailbox-text')).toContainText('Dear Leo Leader,');
  await expectNoAxeViolations(page, 'mailbox with the leader portal email');
  const url = await linkInEmail(email, /https?:\/\/\S+\/groups\//);
  // The organisation's hosted origin: its portal domain once another spec has verified one, else the service's own.
  const { pathname, search } = new URL(group.portal_url);
  expect([`${sandboxUrl}${pathname}${search}`, `${originA}${pathname}${search}`]).toContain(url);
  await expectAccessibleEmails(page, sandboxUrl, [{ email, label: 'the leader portal email' }]);
  await page.goto(url);
  await expect(page.getByTestId('portal')).toBeVisible();
  await expect(page.getByTestId('portal-member')).toHaveCount(2);
  // The token left the address bar for the session cookie.
  expect(page.url()).toMatch(new RegExp(`/groups/${group.id}$`));
});
