import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { createGroup, originA, setPortalDomains, uniqueEmail } from './group-portal-fixtures';
import { approvalLink, linkTransactions } from './journey-fixtures';
import { createMemberGroup } from './member-fixtures';

/*
 * One of each hosted page for the layout specs (issue 17 items 6, 8, 9), made through the public API and
 * paid as a customer would: a link to pay, a paid link (success, receipt), a member's link, an approval
 * and a group portal of three members (entered through portal_url on the organisation's portal domain).
 * A test that looks at one or two of them makes only those (portalPage, approvalLink, createLink): each
 * payment made here is a whole checkout journey, which checkout.spec.ts and checkout-journeys.spec.ts test.
 */
export type HostedPages = {
  checkout: string;
  paidLink: string;
  receipt: string;
  memberLink: string;
  approval: string;
  portal: string;
};

/**
 * The group portal of three members alone (one with a long hyphenated name), entered through portal_url on the
 * organisation's portal domain; answers the portal's address without its token. For the tests that look at the
 * portal only: the journeys hostedPages adds (two card payments, a member group) are theirs, not these tests'.
 */
export async function portalPage(page: Page, request: APIRequestContext): Promise<string> {
  await setPortalDomains(request);
  const group = await createGroup(request, {
    members: [
      { customer_name: 'Ada Member', email: uniqueEmail('ada'), amount: 30000 },
      { customer_name: 'Bartholomew Longname-Member', email: uniqueEmail('bartholomew'), amount: 30000 },
      { customer_name: 'Cy Member', amount: 30000 },
    ],
  });
  await page.goto(group.portal_url);
  await expect(page.getByTestId('portal')).toBeVisible();
  return `${originA}/groups/${group.id}`;
}

export async function hostedPages(page: Page, request: APIRequestContext): Promise<HostedPages> {
  const checkout = await createLink(request, { description: 'Share of the Lisbon choir trip' });
  const paidLink = await createLink(request, { amount: 30000, description: 'Deposit: Lisbon' });
  await page.goto(`/${paidLink}`);
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${paidLink}/success`);
  const paid = (await linkTransactions(request, paidLink)).find((t) => t.status === 'COMPLETE');
  expect(paid, 'the paid link has a COMPLETE transaction').toBeTruthy();
  const { links } = await createMemberGroup(request, [15000, 15000]);
  const { path: approval } = await approvalLink(page, request);
  const portal = await portalPage(page, request);
  return {
    checkout: `/${checkout}`,
    paidLink,
    receipt: `/receipts/${paid!.id}`,
    memberLink: `/${links[0]}`,
    approval,
    portal,
  };
}
