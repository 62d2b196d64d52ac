import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { cardChecked, fillCard } from './checkout-fixtures';
import { requiredEnv } from './e2e-env';
import { DOMAIN_A, ORG_A, setVerifiedPortalDomain, uniqueEmail } from './group-portal-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { mailboxCount, runnerPoll } from './support/mailbox-count';

/*
 * Automatic collection of group instalments (docs/groups.md, "Automatic
 * collection and alerts"): two members opt in at checkout, on the
 * organisation's custom portal domain (travel-a.localhost); the sandbox test
 * clock passes the second due date; the server's own runner (start-runner.ts,
 * every 5 s) collects Ada's instalment from her stored card, and Ben's card
 * (4000 0300 0000 0006: approved while he is present, declined as a stored
 * card; it fails Luhn, and the card fields take it as the sandbox issuer
 * does) fails: the leader's mailbox gets the failed-charge and the overdue
 * (missed instalment) emails, once each, and the leader's portal shows him
 * overdue. The clock is one per server: this spec has a sandbox server of its
 * own (playwright.config.ts, "clock"), so moving it changes no date under the
 * specs running beside it; it still moves only for the wait, and is reset.
 */
test.describe.configure({ mode: 'serial' });
// Two checkouts, the runner's passes (every 5 s) and a quiet spell to prove nothing more is sent.
test.setTimeout(120_000);

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

test('opted-in members are collected on the due date; a stored card that declines sends the failed-charge and overdue emails once', async ({
  page,
  request,
}) => {
  await setVerifiedPortalDomain(call, request, ORG_A, DOMAIN_A);
  const lead = uniqueEmail('grace');
  const group = await call(request, 'put', '/agent/payment-link-groups', {
    organisation: ORG_A,
    lead_name: 'Grace Hopper',
    lead_email: lead,
    // The leader's mailbox is read for the alerts alone.
    send_portal_link: false,
    name: 'Porto trip',
    booking_reference: `AUTO-${Date.now().toString(36)}`,
    members: [
      { customer_name: 'Ada Lovelace', email: 'ada@example.com', amount: 10000 },
      { customer_name: 'Ben Franklin', email: 'ben@example.com', amount: 10000 },
    ],
    installments: [
      { amount: 6000, due_at: inDays(10) },
      { amount: 4000, due_at: inDays(20) },
    ],
  });
  const [ada, ben] = group.members as Member[];
  await payFirstAndOptIn(page, ada!, '4111 1111 1111 1111', { axe: true });
  await payFirstAndOptIn(page, ben!, '4000 0300 0000 0006');
  const before = await call(request, 'get', `/agent/payment-link-groups/${group.id}`);
  expect(before.members.map((m: Member) => [m.customer_name, m.auto_collect, m.status])).toEqual([
    ['Ada Lovelace', true, 'outstanding'],
    ['Ben Franklin', true, 'outstanding'],
  ]);

  const mailbox = `${clockUrl}/sandbox/mailbox?to=${encodeURIComponent(lead)}`;
  try {
    // Past the second due date: the server's runner collects on its next pass.
    await call(request, 'post', '/sandbox/clock', { advance_seconds: 21 * 86_400 });
    await expect.poll(() => mailboxCount(request, clockUrl, lead), runnerPoll(45_000)).toBe(2);
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
  await page.goto(mailbox);
  const emails = page.getByTestId('mailbox-email');
  await expect(emails).toHaveCount(2);
  const failed = emails.filter({ has: page.getByRole('heading', { name: /an automatic charge failed/ }) });
  const missed = emails.filter({ has: page.getByRole('heading', { name: /an instalment was missed/ }) });
  await expect(failed).toHaveCount(1);
  await expect(missed).toHaveCount(1);
  await expect(failed.getByTestId('mailbox-text')).toContainText('Ben Franklin: £40.00 due');
  await expect(failed.getByTestId('mailbox-text')).toContainText('insufficient_funds');
  await expect(missed.getByTestId('mailbox-text')).toContainText('Ben Franklin: £40.00 due');
  await expect(missed.getByTestId('mailbox-text')).not.toContainText('Ada Lovelace');
  await expect(missed.getByTestId('mailbox-text')).toContainText(`${originA}/groups/${group.id}?token=`);
  await expectNoAxeViolations(page, 'mailbox with group alerts');
});
