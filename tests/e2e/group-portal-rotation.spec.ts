import { expect, test } from './support/test';
import { sandboxUrl } from './checkout-fixtures';
import { api, createGroup, getGroup, originA, setPortalDomains } from './group-portal-fixtures';

/*
 * Rotating the leader's portal token (docs/groups.md "Portal tokens", issue 16 item 5): the
 * organiser rotates through the API; the leader's open portal page is signed out on its next
 * action and page load, its old link opens nothing, and the new link from the email opens it again.
 */

test.beforeEach(async ({ request }) => setPortalDomains(request));
test.describe.configure({ timeout: 90_000 });

test('a rotation signs out the open portal; the old link opens nothing; the emailed link opens it again', async ({
  page,
  request,
}) => {
  const group = await createGroup(request, { send_portal_link: false });
  await page.goto(group.portal_url);
  await expect(page.getByTestId('portal')).toBeVisible();
  expect(page.url()).toBe(`${originA}/groups/${group.id}`);

  const rotated = await api(request, 'post', `/agent/payment-link-groups/${group.id}/rotate-portal-token`);
  expect(rotated.portal_url).not.toBe(group.portal_url);

  // The page was open before the rotation: its next action is refused, and changes nothing.
  const form = page.getByTestId('add-member-form');
  await form.getByLabel('Name').fill('Cy Member');
  await form.getByLabel('Amount in GBP').fill('200');
  await page.getByTestId('add-member').click();
  await expect(page.getByTestId('portal-signed-out')).toBeVisible();
  expect((await getGroup(request, group.id)).members.map((m) => m.customer_name)).toEqual(['Ada Member', 'Bo Member']);
  await page.reload();
  await expect(page.getByTestId('portal-signed-out')).toBeVisible();
  await expect(page.getByTestId('portal-member')).toHaveCount(0);

  // The old link opens nothing now.
  await page.goto(group.portal_url);
  expect(page.url()).toBe(`${originA}/groups/${group.id}`);
  await expect(page.getByTestId('portal-signed-out')).toBeVisible();

  // The leader's email carries the new link, and it opens the portal again.
  await page.goto(`${sandboxUrl}/sandbox/mailbox?to=${encodeURIComponent(rotated.emailed_to)}`);
  await expect(page.getByTestId('mailbox-email')).toHaveCount(1);
  await expect(page.getByTestId('mailbox-text')).toContainText(rotated.portal_url);
  await page.goto(rotated.portal_url);
  await expect(page.getByTestId('portal')).toBeVisible();
  await expect(page.getByTestId('portal-member')).toHaveCount(2);
});
