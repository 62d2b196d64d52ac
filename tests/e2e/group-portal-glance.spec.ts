import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { parseCsv } from '../unit/support/parse-csv';
import { cardChecked, fillCard, sandboxUrl } from './checkout-fixtures';
import {
  createGroup,
  getGroup,
  originA,
  setPortalDomains,
  uniqueEmail,
  type CreatedGroup,
} from './group-portal-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * The leader portal at a glance (issue 17 items 11 and 14): the group's and each member's progress
 * as a bar that reads as text, who is behind first, a CSV export of members and payments; every
 * change says what it did in a status message (role=status), and removing a member asks first,
 * without JavaScript too.
 */
test.beforeEach(async ({ request }) => setPortalDomains(request));
test.describe.configure({ timeout: 120_000 });

async function enter(page: Page, group: CreatedGroup) {
  await page.goto(group.portal_url);
  await expect(page.getByTestId('portal')).toBeVisible();
}

const names = (page: Page) => page.getByTestId('portal-member').getByTestId('member-name').allTextContents();

test('progress, who is behind first, what each change did, and the CSV export', async ({ page, request }) => {
  const group = await createGroup(request);
  await enter(page, group);
  await expect(page.getByTestId('group-progress-text')).toHaveText('0% collected: £0.00 of £600.00');

  // Each change says what it did, in a status message.
  const form = page.getByTestId('add-member-form');
  await form.getByLabel('Name').fill('Cy Member');
  await form.getByLabel('Email (optional)').fill(uniqueEmail('cy'));
  await form.getByLabel('Amount in GBP').fill('200');
  await page.getByTestId('add-member').click();
  const result = page.getByTestId('portal-result');
  await expect(result).toHaveText('Cy Member was added to the group.');
  await expect(result).toHaveAttribute('role', 'status');

  await page.getByTestId('schedule-amount-1').fill('100');
  await page.getByTestId('schedule-amount-2').fill('100');
  await page.getByTestId('schedule-due-3').fill(new Date(Date.now() + 460 * 86_400_000).toISOString().slice(0, 10));
  await page.getByTestId('schedule-amount-3').fill('100');
  await page.getByTestId('save-schedule').click();
  // The status, then the offer to send the members their new links (the schedule replaced them).
  await expect(result.locator('p').first()).toHaveText('The schedule was saved: 3 instalments.');

  // Ada pays her whole share (three instalments at once) on her first link.
  const read = (await getGroup(request, group.id)) as unknown as {
    members: { customer_name: string; payment_links: { id: string; installment_sequence: number }[] }[];
  };
  const adaFirst = read.members
    .find((m) => m.customer_name === 'Ada Member')!
    .payment_links.find((l) => l.installment_sequence === 1)!.id;
  await page.goto(`${originA}/${adaFirst}?pay=3`);
  await fillCard(page, '4111 1111 1111 1111', 'Ada Member');
  await cardChecked(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${originA}/${adaFirst}/success`);

  await page.goto(`${originA}/groups/${group.id}`);
  // The paid member goes last; the others keep the group's order.
  expect(await names(page)).toEqual(['Bo Member', 'Cy Member', 'Ada Member']);
  await expect(page.getByTestId('group-progress-text')).toHaveText('37% collected: £300.00 of £800.00');
  await expect(page.getByTestId('progress-collected')).toHaveText('Collected: £300.00');
  await expect(page.getByTestId('progress-overdue')).toHaveText('Overdue: £0.00');
  await expect(page.getByTestId('progress-outstanding')).toHaveText('Not yet due: £500.00');
  await expectNoAxeViolations(page, 'portal: progress, paid member last');

  await page.getByTestId('send-all').click();
  await expect(result).toHaveText('Links were sent to 2 members. 1 member skipped: already paid.');
  await expectNoAxeViolations(page, 'portal: links sent, one skipped');

  // The CSV export: members and payments, one row per instalment.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('portal-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^group-GRP-[A-Za-z0-9-]+-payments\.csv$/);
  const [header, ...rows] = parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
  expect(header!.slice(0, 3)).toEqual(['member', 'email', 'member_status']);
  const column = (name: string) => header!.indexOf(name);
  const byMember = (name: string) => rows.filter((r) => r[column('member')] === name);
  expect(byMember('Ada Member').map((r) => r[column('instalment_status')])).toEqual(['paid', 'paid', 'paid']);
  expect(byMember('Ada Member').every((r) => /^[0-9a-f-]{36}$/.test(r[column('payment_id')]!))).toBe(true);
  expect(byMember('Bo Member').map((r) => r[column('instalment_status')])).toEqual(['unpaid', 'unpaid', 'unpaid']);
  expect(byMember('Cy Member').map((r) => r[column('member_remaining')])).toEqual(['200.00', '200.00', '200.00']);
  // Without the leader's session, the export is the portal page that says how to get in.
  const response = await request.get(`${sandboxUrl}/groups/${group.id}/export`, { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe(`/groups/${group.id}`);
});

test('removing a member asks first, naming them, and works without JavaScript', async ({
  browser,
  request,
  page: scripted,
}) => {
  const group = await createGroup(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await enter(page, group);
  // axe runs as a script: each state is checked again in a browser with JavaScript, at the same address.
  await enter(scripted, group);
  const axeAt = async (url: string, name: string) => {
    await scripted.goto(url);
    await expectNoAxeViolations(scripted, name);
  };
  await page.getByRole('link', { name: 'Remove Bo Member' }).click();
  const confirm = page.getByTestId('confirm-remove');
  await expect(confirm.getByRole('heading')).toHaveText('Remove Bo Member from the group?');
  await expect(confirm).toContainText('Bo Member has paid nothing, so there is nothing to refund.');
  await axeAt(page.url(), 'portal: confirm removal');
  // "No": nothing changes.
  await page.getByTestId('cancel-remove').click();
  await expect(page.getByTestId('confirm-remove')).toHaveCount(0);
  expect((await getGroup(request, group.id)).members).toHaveLength(2);

  await page.getByRole('link', { name: 'Remove Bo Member' }).click();
  await page.getByTestId('confirm-remove-button').click();
  const result = page.getByTestId('portal-result');
  await expect(result).toHaveText('Bo Member was removed from the group.');
  await expect(result).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('confirm-remove')).toHaveCount(0);
  expect((await getGroup(request, group.id)).members.map((m) => m.customer_name)).toEqual(['Ada Member']);
  await axeAt(page.url(), 'portal: member removed');
  // The confirmation of a member no longer there says so instead of offering the button.
  await page.goto(`${originA}/groups/${group.id}?remove=${group.members[1]!.id}`);
  await expect(page.getByTestId('confirm-remove-gone')).toHaveText(
    'Nothing was changed: that member is no longer in the group.',
  );
  await context.close();
});
