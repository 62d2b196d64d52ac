import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { cardChecked, fillCard } from './checkout-fixtures';
import { requiredEnv } from './e2e-env';
import { DOMAIN_A, ORG_A, setVerifiedPortalDomain, uniqueEmail } from './group-portal-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { mailboxCount, runnerPoll } from './support/mailbox-count';
import { expectAccessibleEmails } from './support/mailbox-email';

/*
 * Automatic collection of group instalments (docs/groups.md, "Automatic
 * collection and alerts"): two members opt in at checkout, on the
 * organisation's custom portal domain (travel-a.localhost); the sandbox test
 * clock passes the second due date; the server's own runner (start-runner.ts,
 * every 5 s) collects Ada's instalment from her stored card, and Ben's card
 * (4000 0300 0000 0006: approved while he is present, declined as a stored
 * card; it fails Luhn, and the card fields take it as the sandbox issuer
 * does) fails, and the leader's portal shows him overdue. Each member has an
 * address of their own, and every email is read from the sandbox mailbox
 * (issue 17 items 1 and 3): `send-links` skips both (their next instalment
 * will be collected); two days before the due date each is told it will be
 * collected from their card, not asked to pay; then Ada gets the collection's
 * receipt, Ben the failed-collection email (what happened, how to pay or use
 * another card) and the overdue reminder, the leader the due-soon,
 * failed-charge and missed alerts, once each. The clock is one per server:
 * this spec has a sandbox server of its own (playwright.config.ts, "clock"),
 * so moving it changes no date under the specs running beside it; it still
 * moves only for the waits, and is reset.
 */
test.describe.configure({ mode: 'serial' });
// Two checkouts, the runner's passes (every 5 s) at two dates, a quiet spell to prove nothing more is sent, and
// four emails rendered and axe-checked.
test.setTimeout(180_000);

const clockUrl = requiredEnv('E2E_CLOCK_URL');
/** The sandbox organisation's custom portal domain on this spec's server. */
const originA = `http://${DOMAIN_A}:${new URL(clockUrl).port}`;

async function apiToken(request: APIRequestContext): Promise<string> {
  const [key] = JSON.parse(
    fs.readFileSync(path.join(requiredEnv('E2E_CLOCK_DATA_DIR'), 'sandbox-credentials.json'), 'utf8'),
  ).keys;
  const response = await request.post(`${clockUrl}/api/token`, {
    data: { public_key: key.public_key, private_key: key.private_key },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.token;
}

async function call(request: APIRequestContext, method: 'put' | 'get' | 'post', url: string, data?: unknown) {
  const response = await request[method](`${clockUrl}/api${url}`, {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
    data,
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Member = {
  id: string;
  customer_name: string;
  status: string;
  auto_collect: boolean;
  payment_links: { id: string; installment_sequence: number }[];
};

/** Pays the member's first instalment and ticks "collect the rest automatically". */
async function payFirstAndOptIn(page: Page, member: Member, card: string, { axe = false } = {}) {
  const first = member.payment_links.find((l) => l.installment_sequence === 1)!;
  await page.goto(`${originA}/${first.id}`);
  await fillCard(page, card, member.customer_name);
  await cardChecked(page);
  const optIn = page.getByLabel(/collect my remaining instalment automatically on its due date/);
  if (axe) await expectNoAxeViolations(page, 'member link on the portal domain, card checked, auto-collect offer');
  await optIn.check();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${originA}/${first.id}/success`);
}

test('opted-in members are told their instalment will be collected, then collected on the due date; a stored card that declines sends the member the failed-collection and overdue emails and the leader the alerts, once each', async ({
  page,
  request,
}) => {
  await setVerifiedPortalDomain(call, request, ORG_A, DOMAIN_A);
  const lead = uniqueEmail('grace');
  const adaEmail = uniqueEmail('ada');
  const benEmail = uniqueEmail('ben');
  const group = await call(request, 'put', '/agent/payment-link-groups', {
    organisation: ORG_A,
    lead_name: 'Grace Hopper',
    lead_email: lead,
    // The leader's mailbox is read for the alerts alone (notices.spec.ts reads the portal link's email).
    send_portal_link: false,
    name: 'Porto trip',
    booking_reference: `AUTO-${Date.now().toString(36)}`,
    members: [
      { customer_name: 'Ada Lovelace', email: adaEmail, amount: 10000 },
      { customer_name: 'Ben Franklin', email: benEmail, amount: 10000 },
    ],
    installments: [
      { amount: 6000, due_at: inDays(10) },
      { amount: 4000, due_at: inDays(20) },
    ],
  });
  const [ada, ben] = group.members as Member[];
  const second = (member: Member) => member.payment_links.find((l) => l.installment_sequence === 2)!.id;
  await payFirstAndOptIn(page, ada!, '4111 1111 1111 1111', { axe: true });
  await payFirstAndOptIn(page, ben!, '4000 0300 0000 0006');
  const before = await call(request, 'get', `/agent/payment-link-groups/${group.id}`);
  expect(before.members.map((m: Member) => [m.customer_name, m.auto_collect, m.status])).toEqual([
    ['Ada Lovelace', true, 'outstanding'],
    ['Ben Franklin', true, 'outstanding'],
  ]);
  // Their next instalment will be collected: no pay link is sent, and the answer says why.
  const sent = await call(request, 'post', `/agent/payment-link-groups/${group.id}/send-links`, {});
  expect(sent).toEqual({
    sent: [],
    skipped: [
      { member_id: ada!.id, reason: 'auto_collect' },
      { member_id: ben!.id, reason: 'auto_collect' },
    ],
  });
  // Each has the receipt of the first instalment, and nothing else yet.
  for (const to of [adaEmail, benEmail])
    await expect.poll(() => mailboxCount(request, clockUrl, to), runnerPoll(30_000)).toBe(1);

  const mailbox = (to: string) => `${clockUrl}/sandbox/mailbox?to=${encodeURIComponent(to)}`;
  try {
    // Two days before the second due date: within the 3 days of the reminders.
    await call(request, 'post', '/sandbox/clock', { advance_seconds: 18 * 86_400 });
    for (const to of [adaEmail, benEmail])
      await expect.poll(() => mailboxCount(request, clockUrl, to), runnerPoll(45_000)).toBe(2);
    // Past the second due date: the server's runner collects on its next pass.
    await call(request, 'post', '/sandbox/clock', { advance_seconds: 3 * 86_400 });
    await expect.poll(() => mailboxCount(request, clockUrl, lead), runnerPoll(45_000)).toBe(3);
    await expect.poll(() => mailboxCount(request, clockUrl, adaEmail), runnerPoll(45_000)).toBe(3);
    await expect.poll(() => mailboxCount(request, clockUrl, benEmail), runnerPoll(45_000)).toBe(4);
    const after = await call(request, 'get', `/agent/payment-link-groups/${group.id}`);
    expect(after.members.map((m: Member) => [m.customer_name, m.status])).toEqual([
      ['Ada Lovelace', 'paid'],
      ['Ben Franklin', 'overdue'],
    ]);
    // The leader's portal, on the custom domain, shows Ben overdue and Ada paid.
    await page.goto(group.portal_url);
    await expect(page).toHaveURL(`${originA}/groups/${group.id}`);
    const memberCard = (name: string) =>
      page
        .getByTestId('portal-member')
        .filter({ has: page.getByTestId('member-name').getByText(name, { exact: true }) });
    await expect(memberCard('Ben Franklin')).toHaveAttribute('data-status', 'overdue');
    await expect(memberCard('Ada Lovelace')).toHaveAttribute('data-status', 'paid');
    await expectNoAxeViolations(page, 'portal on the custom domain: a member overdue');
    // Another runner pass or two sends nothing more.
    await page.waitForTimeout(11_000);
  } finally {
    await call(request, 'post', '/sandbox/clock', { reset: true });
  }
  await page.goto(mailbox(lead));
  const emails = page.getByTestId('mailbox-email');
  await expect(emails).toHaveCount(3);
  const byHeading = (name: RegExp) => emails.filter({ has: page.getByRole('heading', { level: 2, name }) });
  const dueSoon = byHeading(/instalments fall due within 3 days/);
  const failed = byHeading(/an automatic charge failed/);
  const missed = byHeading(/an instalment was missed/);
  await expect(dueSoon.getByTestId('mailbox-text')).toContainText('to be collected automatically');
  await expect(failed).toHaveCount(1);
  await expect(missed).toHaveCount(1);
  await expect(failed.getByTestId('mailbox-text')).toContainText('Ben Franklin: £40.00 due');
  await expect(failed.getByTestId('mailbox-text')).toContainText('insufficient_funds');
  await expect(missed.getByTestId('mailbox-text')).toContainText('Ben Franklin: £40.00 due');
  await expect(missed.getByTestId('mailbox-text')).not.toContainText('Ada Lovelace');
  await expect(missed.getByTestId('mailbox-text')).toContainText(`${originA}/groups/${group.id}?token=`);
  await expectNoAxeViolations(page, 'mailbox with group alerts');

  // Ada: told it will be collected from her card (not asked to pay), then the collection's receipt.
  await page.goto(mailbox(adaEmail));
  await expect(emails).toHaveCount(3);
  const adaReminder = byHeading(/£40\.00 will be collected from your card on/);
  await expect(adaReminder.getByTestId('mailbox-text')).toContainText('from your Visa card ending 1111');
  await expect(adaReminder.getByTestId('mailbox-text')).toContainText('You do not need to do anything.');
  await expect(adaReminder.getByTestId('mailbox-text')).not.toContainText('Pay £40.00');
  const receipts = byHeading(/your payment receipt/);
  await expect(receipts).toHaveCount(2);
  const collected = receipts.filter({ hasText: 'has collected £40.00 from your saved card, as arranged' });
  await expect(collected.getByTestId('mailbox-text')).toContainText('/receipts/');
  const adaEmails = [
    { email: adaReminder, label: 'the will-be-collected reminder' },
    { email: collected, label: 'the receipt of an automatic collection' },
  ];
  await expectAccessibleEmails(page, clockUrl, adaEmails);

  // Ben: the same reminder, then what happened to the collection and how to pay now, and that he is overdue.
  await page.goto(mailbox(benEmail));
  await expect(emails).toHaveCount(4);
  await expect(byHeading(/will be collected from your card on/)).toHaveCount(1);
  const notCollected = byHeading(/could not be collected/);
  const notCollectedText = notCollected.getByTestId('mailbox-text');
  await expect(notCollectedText).toContainText('tried to collect £40.00 for Porto trip');
  await expect(notCollectedText).toContainText('not enough money available on the card');
  await expect(notCollectedText).toContainText('You can use another card there and save it for your next instalments.');
  await expect(notCollectedText).toContainText(`${originA}/${second(ben!)}`);
  const overdue = byHeading(/your payment of £40\.00 was due on/);
  await expect(overdue.getByTestId('mailbox-text')).toContainText('has not been paid yet. Please pay it now.');
  await expect(overdue.getByTestId('mailbox-text')).toContainText(`${originA}/${second(ben!)}`);
  await expectNoAxeViolations(page, "mailbox with a member's failed collection");
  await expectAccessibleEmails(page, clockUrl, [
    { email: notCollected, label: 'the failed-collection email' },
    { email: overdue, label: 'the overdue reminder' },
  ]);
});
