import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { cardChecked, createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { createGroup, originA, setPortalDomains, uniqueEmail } from './group-portal-fixtures';
import { approvalLink, linkTransactions } from './journey-fixtures';
import { createMemberGroup, payOptingIn } from './member-fixtures';

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

/**
 * A member who paid their first of three instalments (£60, £40, £20) with a Visa and opted into automatic
 * collection of the other two, as a member does on their link; answers the member's three links.
 */
export async function memberCollectedAutomatically(page: Page, request: APIRequestContext): Promise<string[]> {
  const { links } = await createMemberGroup(request, [6000, 4000, 2000]);
  await payOptingIn(page, links[0]!, 2);
  return links;
}

/** A link paid with a card the sandbox declines; answers the address of the failure page it lands on. */
export async function declinedLink(page: Page, request: APIRequestContext): Promise<string> {
  const id = await createLink(request);
  await page.goto(`/${id}`);
  await fillCard(page, '4000 0000 0000 0002');
  await cardChecked(page);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
  return `/${id}/failure`;
}

/**
 * The sandbox wallet's sheet asking to confirm a surcharge: Google Pay with a commercial Mastercard (which
 * carries a surcharge) on the checkout of link `id`, as wallets.spec.ts pays it; answers the sheet's address (path and query).
 */
export async function walletSurchargeSheet(page: Page, id: string): Promise<string> {
  await page.goto(`/${id}`);
  await page.getByLabel('Card in the wallet').selectOption('mc_commercial_gb');
  await page.getByRole('button', { name: 'Pay with Google Pay (sandbox)' }).click();
  await expect(page.getByTestId('wallet-surcharge')).toBeVisible({ timeout: 30_000 });
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * The portal's confirmation before removing a member, reached by the leader's "Remove …" link on the portal;
 * answers its address without the link's #confirm-remove (which only scrolls to it), so that opening the address
 * again loads the page rather than moving within it.
 */
export async function removeConfirmation(page: Page, memberName: string): Promise<string> {
  await page.getByRole('link', { name: `Remove ${memberName}` }).click();
  await expect(page.getByTestId('confirm-remove')).toBeVisible();
  const url = new URL(page.url());
  url.hash = '';
  return url.href;
}
