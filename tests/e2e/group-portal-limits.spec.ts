import { expect, test } from './support/test';
import { api, createGroup, getGroup, originA, setPortalDomains } from './group-portal-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * The portal's limits on what a leader can make it do (issue 16 items 1 and 2; docs/groups.md "Limits"):
 * a penny member (card testing through cheap links) and a send too many (an email relay) are refused on
 * the server, and the leader reads why on the page, in words, as an alert.
 */

test.beforeEach(async ({ request }) => setPortalDomains(request));
test.describe.configure({ timeout: 90_000 });

test.describe('leader portal limits', () => {
  test('a member owing less than the minimum share is not added, and the page says why', async ({ page, request }) => {
    const group = await createGroup(request);
    await page.goto(group.portal_url);
    await expect(page.getByTestId('portal')).toBeVisible();
    const form = page.getByTestId('add-member-form');
    await form.getByLabel('Name').fill('Penny Member');
    await form.getByLabel('Amount in GBP').fill('0.50');
    await page.getByTestId('add-member').click();
    const result = page.getByTestId('portal-result');
    await expect(result).toHaveAttribute('data-result', 'share_below_minimum');
    await expect(result).toHaveAttribute('role', 'alert');
    await expect(result).toContainText('must owe at least 1.00');
    expect((await getGroup(request, group.id)).members.map((m) => m.customer_name)).toEqual([
      'Ada Member',
      'Bo Member',
    ]);
    await expectNoAxeViolations(page, 'portal: share below minimum');
  });

  test("after the hour's sends (API and portal count together) the portal sends nothing more and says so", async ({
    page,
    request,
  }) => {
    const group = await createGroup(request);
    for (let i = 0; i < 10; i++) await api(request, 'post', `/agent/payment-link-groups/${group.id}/send-links`, {});
    await page.goto(group.portal_url);
    expect(page.url()).toBe(`${originA}/groups/${group.id}`);
    await page.getByTestId('send-all').click();
    const result = page.getByTestId('portal-result');
    await expect(result).toHaveAttribute('data-result', 'send_rate_limited');
    await expect(result).toContainText('links were sent too often');
    await expectNoAxeViolations(page, 'portal: send rate limited');
  });
});
