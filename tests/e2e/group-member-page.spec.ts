import { expect, test } from './support/test';
import { fillCard, sandboxUrl } from './checkout-fixtures';
import { originA, setPortalDomains } from './group-portal-fixtures';
import { createMemberGroup, getGroup, payOptingIn } from './member-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * A member's own page (issue 17 item 15; docs/groups.md, "The member's own page"): reached from
 * their link, it shows their schedule (paid when, collected when), automatic collection with the
 * stored card's brand and last four; the member replaces the card without paying (a declined card
 * changes nothing, 3-D Secure on the way, without JavaScript too: docs/groups.md "Replacing the
 * stored card") and turns automatic collection off, without JavaScript too. The group read (API)
 * agrees at each step.
 */
// Two card payments, two browsers and axe on four states: more than the default on a loaded machine.
test.describe.configure({ timeout: 240_000 });

test('the member sees their schedule and card, replaces the card, and turns automatic collection off', async ({
  page,
  request,
  browser,
}) => {
  const {
    groupId,
    links: [first, second, third],
  } = await createMemberGroup(request, [6000, 4000, 2000]);
  // Instalment 1, opting in with a Visa.
  await payOptingIn(page, first!, 2);

  // From any of the member's links: the link's page leads to the member page.
  await page.goto(`/${third}`);
  await page.getByTestId('member-page-link').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${third}/member`);
  await expect(page.getByTestId('member-page-name')).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('member-page-paid')).toHaveText('£60.00');
  await expect(page.getByTestId('member-page-remaining')).toHaveText('£60.00');
  const rows = page.getByTestId('member-page-instalment');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'paid');
  await expect(rows.nth(0).getByTestId('member-page-status')).toContainText(/^Paid on \d{1,2} \w+ \d{4}$/);
  await expect(rows.nth(1).getByTestId('member-page-status')).toContainText('Will be collected from your card on');
  const state = page.getByTestId('member-page-auto-collect-state');
  await expect(state).toHaveAttribute('data-state', 'on');
  await expect(state).toContainText('your Visa card ending 1111 (expires 12/34)');
  await expectNoAxeViolations(page, 'member page: automatic collection on');

  // Replacing the card without paying: the card page says nothing is charged; a declined card changes nothing.
  await page.getByTestId('replace-card').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${third}/member/card`);
  await expect(page.getByTestId('replace-card-nothing-charged')).toContainText('Nothing is charged now');
  await expectNoAxeViolations(page, 'card replacement: the form');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByTestId('replace-card-submit').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${third}/member/card?error=declined`);
  await expect(page.getByTestId('replace-card-error')).toContainText('declined');
  await expectNoAxeViolations(page, 'card replacement: declined');
  // Another card with 3-D Secure on the way (the sandbox's challenge card), then back to the member page.
  await fillCard(page, '4212 3456 7891 0006');
  await page.getByTestId('replace-card-submit').click();
  await expect(page).toHaveURL(/\/sandbox\/3ds\//);
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(`${sandboxUrl}/${third}/member?result=card_replaced&brand=VISA&last4=0006`);
  await expect(page.getByTestId('member-page-result')).toHaveText(
    'Your card was replaced: your Visa card ending 0006 now pays your remaining instalments. Nothing was charged.',
  );
  await expect(state).toContainText('your Visa card ending 0006');
  await expect(page.getByTestId('member-page-paid')).toHaveText('£60.00');
  await expectNoAxeViolations(page, 'member page: card replaced');

  // Without JavaScript: the sandbox's card fields post as a plain form, and the 303 brings the new card. A commercial
  // card would add its 1.5 % to the two instalments left (£0.60 + £0.30): it is stored only once the member, shown
  // that, enters it again.
  const noScriptCard = await browser.newContext({ javaScriptEnabled: false, baseURL: sandboxUrl });
  const plainCard = await noScriptCard.newPage();
  await plainCard.goto(`/${second}/member/card`);
  await fillCard(plainCard, '5200 8300 0000 0007');
  await plainCard.getByTestId('replace-card-submit').click();
  await expect(plainCard).toHaveURL(`${sandboxUrl}/${second}/member/card?confirm=90&total=6090`);
  await expect(plainCard.getByTestId('replace-card-surcharge')).toContainText(
    'card surcharges of £0.90 in total: £60.90 altogether. Nothing has been charged or stored.',
  );
  await fillCard(plainCard, '5200 8300 0000 0007');
  await plainCard.getByTestId('replace-card-submit').click();
  await expect(plainCard).toHaveURL(`${sandboxUrl}/${second}/member?result=card_replaced&brand=MASTER&last4=0007`);
  await expect(plainCard.getByTestId('member-page-auto-collect-state')).toContainText(
    'your Mastercard card ending 0007',
  );
  await noScriptCard.close();
  await page.goto(`/${second}/member/card?confirm=90&total=6090`);
  await expectNoAxeViolations(page, 'card replacement: a surcharge to accept');
  await page.goto(`/${first}/member`);
  await expect(rows.nth(1).getByTestId('member-page-status')).toContainText('Will be collected from your card on');
  await expect(rows.nth(2).getByTestId('member-page-status')).toContainText('Will be collected from your card on');

  // Turning it off, without JavaScript: a plain form post and a 303 back with what happened.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: sandboxUrl });
  const plain = await noScript.newPage();
  await plain.goto(`/${third}/member`);
  await plain.getByTestId('auto-collect-off').click();
  await expect(plain).toHaveURL(`${sandboxUrl}/${third}/member?result=auto_collect_off&count=2`);
  const result = plain.getByTestId('member-page-result');
  await expect(result).toHaveAttribute('role', 'status');
  await expect(result).toHaveText(
    'Automatic collection is off. 2 collections were cancelled. You pay each remaining instalment yourself.',
  );
  await expect(plain.getByTestId('member-page-auto-collect-state')).toHaveAttribute('data-state', 'off');
  await expect(plain.getByTestId('member-page-instalment').nth(2).getByTestId('member-page-status')).toContainText(
    'Not paid yet',
  );
  await expect(plain.getByTestId('member-page-instalment').nth(1).getByTestId('member-page-status')).toContainText(
    'Not paid yet',
  );
  await noScript.close();
  // axe runs as a script: the same address in a browser with JavaScript.
  await page.goto(`/${third}/member?result=auto_collect_off&count=2`);
  await expectNoAxeViolations(page, 'member page: automatic collection turned off');
  const group = await getGroup(request, groupId);
  expect(group.members[0]).toMatchObject({ auto_collect: false, paid_amount: 6000 });
});

test("the member page is served on the organisation's portal domain, and an unknown link is not found", async ({
  page,
  request,
}) => {
  await setPortalDomains(request);
  const {
    links: [first],
  } = await createMemberGroup(request, [6000, 4000]);
  const response = await page.goto(`${originA}/${first}/member`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('member-page-auto-collect-state')).toHaveAttribute('data-state', 'off');
  await expect(page.getByTestId('store-card')).toHaveText('Pay the next instalment and store your card');
  await expect(page.getByTestId('replace-card')).toHaveCount(0);
  await expectNoAxeViolations(page, 'member page on the portal domain: automatic collection off');
  await page.goto(`/3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e4f/member`);
  await expect(page.getByTestId('member-page')).toHaveCount(0);
});
