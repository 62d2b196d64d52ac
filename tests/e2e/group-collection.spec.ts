import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cardChecked, fillCard, sandboxUrl } from './checkout-fixtures';
import { originA, setPortalDomains, uniqueEmail } from './group-portal-fixtures';
import { apiToken } from './journey-fixtures';
import { expectNoAxeViolations } from './support/axe';

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
 * overdue. The clock is shared by the whole sandbox server: it moves only for
 * the wait, and is always reset.
 */
test.describe.configure({ mode: 'serial' });

async function call(request: APIRequestContext, method: 'put' | 'get' | 'post', url: string, data?: unknown) {
  const response = await request[method](`${sandboxUrl}/api${url}`, { headers: { Authorization: `Bearer ${await apiToken(request)}` }, data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Member = { id: string; customer_name: string; status: string; auto_collect: boolean; payment_links: { id: string; installment_sequence: number }[] };

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

test('opted-in members are collected on the due date; a stored card that declines sends the failed-charge and overdue emails once', async ({ page, request }) => {
  await setPortalDomains(request);
  const lead = uniqueEmail('grace');
  const group = await call(request, 'put', '/agent/payment-link-groups', {
    organisation: 'org_sandbox_travel', lead_name: 'Grace Hopper', lead_email: lead, name: 'Porto trip',
    booking_reference: `AUTO-${Date.now().toString(36)}`,
    members: [
      { customer_name: 'Ada Lovelace', email: 'ada@example.com', amount: 10000 },
      { customer_name: 'Ben Franklin', email: 'ben@example.com', amount: 10000 },
    ],
    installments: [{ amount: 6000, due_at: inDays(10) }, { amount: 4000, due_at: inDays(20) }],
  });
  const [ada, ben] = group.members as Member[];
  await payFirstAndOptIn(page, ada!, '4111 1111 1111 1111', { axe: true });
  await payFirstAndOptIn(page, ben!, '4000 0300 0000 0006');
  const before = await call(request, 'get', `/agent/payment-link-groups/${group.id}`);
  expect(before.members.map((m: Member) => [m.customer_name, m.auto_collect, m.status])).toEqual([['Ada Lovelace', true, 'outstanding'], ['Ben Franklin', true, 'outstanding']]);

  const mailbox = `/sandbox/mailbox?to=${encodeURIComponent(lead)}`;
  try {
    // Past the second due date: the server's runner collects on its next pass.
    await call(request, 'post', '/sandbox/clock', { advance_seconds: 21 * 86_400 });
    await expect(async () => {
      await page.goto(mailbox);
      await expect(page.getByTestId('mailbox-email')).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 45_000 });
    const after = await call(request, 'get', `/agent/payment-link-groups/${group.id}`);
    expect(after.members.map((m: Member) => [m.customer_name, m.status])).toEqual([['Ada Lovelace', 'paid'], ['Ben Franklin', 'overdue']]);
    // The leader's portal, on the custom domain, shows Ben overdue and Ada paid.
    await page.goto(group.portal_url);
    await expect(page).toHaveURL(`${originA}/groups/${group.id}`);
    const memberCard = (name: string) => page.getByTestId('portal-member').filter({ has: page.getByTestId('member-name').getByText(name, { exact: true }) });
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
