import { expect, test, type Page } from './support/test';
import { cardChecked, fillCard, sandboxUrl } from './checkout-fixtures';
import { createMemberGroup, getGroup } from './member-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * A group member pays through their instalment links (docs/groups.md, "Member
 * checkout"): one instalment, then two at once; a covered link shows paid; and
 * the opt-in to collect the rest automatically. axe on every member page state.
 */

async function payWith(page: Page, number = '4111 1111 1111 1111') {
  await fillCard(page, number);
  await cardChecked(page);
  await page.getByTestId('pay-button').click();
}

test.describe('member checkout', () => {
  test('pays one instalment, then two at once; the covered link shows paid', async ({ page, request }) => {
    test.slow(); // four page loads and two payments on a shared two-core machine
    const {
      groupId,
      links: [first, second, third],
    } = await createMemberGroup(request, [10000, 10000, 5000, 5000]);
    await page.goto(`/${first}`);
    await expect(page.getByTestId('member-share-amount')).toHaveText('£300.00');
    await expect(page.getByTestId('member-paid')).toHaveText('£0.00');
    await expect(page.getByTestId('member-next')).toContainText('Instalment 1: £100.00');
    await expect(page.getByLabel('This instalment only: £100.00')).toBeChecked();
    await expect(page.getByLabel('2 instalments together: £200.00')).toBeVisible();
    await expect(page.getByLabel('All your remaining instalments (4): £300.00')).toBeVisible();
    await expectNoAxeViolations(page, 'member link');
    await payWith(page);
    await expect(page).toHaveURL(`${sandboxUrl}/${first}/success`);
    await expect(page.getByTestId('receipt-amount')).toHaveText('£100.00');
    // A confirmation, not the pay page again: what remains, and the next instalment, which the member pays themselves.
    await expect(page.getByTestId('receipt-remaining')).toHaveText('£200.00');
    const next = page.getByTestId('receipt-next');
    await expect(next).toHaveAttribute('data-automatic', 'false');
    await expect(next).toContainText('Your next instalment of £100.00 is due on');
    await expect(next).toContainText('It will not be collected automatically');

    await page.goto(`/${second}`);
    await expect(page.getByTestId('member-paid')).toHaveText('£100.00');
    await expect(page.getByTestId('instalment-1')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('member-next')).toContainText('Instalment 2: £100.00');
    await page.getByLabel('2 instalments together: £150.00').check();
    await page.getByTestId('instalment-choice-submit').click();
    await expect(page).toHaveURL(`${sandboxUrl}/${second}?pay=2`);
    await expect(page.getByTestId('paying-summary')).toHaveText('You are paying 2 instalments: £150.00');
    await expect(page.getByTestId('pay-button')).toHaveText('Pay £150.00');
    await expectNoAxeViolations(page, 'member link, two instalments chosen');
    await payWith(page);
    await expect(page).toHaveURL(`${sandboxUrl}/${second}/success`);
    await expect(page.getByTestId('receipt-amount')).toHaveText('£150.00');

    // The third link was paid by the second payment: its page is paid, with that receipt, and no form; the fourth is next.
    await page.goto(`/${third}`);
    await expect(page.getByTestId('paid-title')).toBeVisible();
    await expect(page.getByTestId('receipt-amount')).toHaveText('£150.00');
    await expect(page.getByTestId('card-form')).toHaveCount(0);
    await expect(page.getByTestId('member-paid')).toHaveText('£250.00');
    await expect(page.getByTestId('member-remaining')).toHaveText('£50.00');
    await expect(page.getByTestId('instalment-3')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('member-next')).toContainText('Instalment 4: £50.00');
    await expectNoAxeViolations(page, 'covered member link, paid');
    const group = await getGroup(request, groupId);
    expect(group.members[0]).toMatchObject({ paid_amount: 25000, remaining: 5000 });
  });

  test('opts in to store the card: the rest is collected automatically (the group shows auto_collect)', async ({
    page,
    request,
  }) => {
    test.slow();
    const {
      groupId,
      links: [first],
    } = await createMemberGroup(request, [6000, 4000, 2000]);
    await page.goto(`/${first}`);
    const offer = page.getByLabel(/collect my 2 remaining instalments automatically on their due dates/);
    await expect(offer).not.toBeChecked();
    // Paying everything leaves nothing to collect: the tick is the plain store-card choice again.
    await page.getByLabel('All your remaining instalments (3): £120.00').check();
    await page.getByTestId('instalment-choice-submit').click();
    await expect(page.getByLabel('Save this card for future payments on this booking')).toBeVisible();
    await page.getByLabel('This instalment only: £60.00').check();
    await page.getByTestId('instalment-choice-submit').click();
    await fillCard(page, '4111 1111 1111 1111');
    await cardChecked(page);
    await expectNoAxeViolations(page, 'member link, auto-collect offer');
    await page.getByLabel(/collect my 2 remaining instalments automatically/).check();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${sandboxUrl}/${first}/success`);
    // The confirmation says the rest will be collected from the saved card.
    await expect(page.getByTestId('receipt-remaining')).toHaveText('£60.00');
    const next = page.getByTestId('receipt-next');
    await expect(next).toHaveAttribute('data-automatic', 'true');
    await expect(next).toContainText('Your next instalment of £40.00 is due on');
    await expect(next).toContainText('It will be collected automatically from the card you saved');
    const group = await getGroup(request, groupId);
    expect(group.members[0]).toMatchObject({ auto_collect: true, paid_amount: 6000 });
  });

  test('the opt-in shows what each instalment will cost on this card, surcharge included (issue 16 item 13)', async ({
    page,
    request,
  }) => {
    test.slow();
    const {
      groupId,
      links: [first],
    } = await createMemberGroup(request, [6000, 4000, 2000]);
    await page.goto(`/${first}`);
    const amounts = page.getByTestId('auto-collect-amount');
    await expect(amounts).toHaveCount(2);
    await expect(amounts.nth(0)).toContainText('£40.00');
    await expect(amounts.nth(1)).toContainText('£20.00');
    await expect(page.getByTestId('auto-collect-surcharge')).toHaveCount(0);
    // A business card: 1.5 % on each, as on this payment.
    await fillCard(page, '5200 8300 0000 0007');
    await cardChecked(page);
    await expect(amounts.nth(0)).toContainText('£40.60');
    await expect(amounts.nth(1)).toContainText('£20.30');
    await expect(page.getByTestId('auto-collect-surcharge')).toBeVisible();
    await expectNoAxeViolations(page, 'member link, auto-collect offer with a surcharge');
    await page.getByLabel(/collect my 2 remaining instalments automatically/).check();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${sandboxUrl}/${first}/success`);
    const group = await getGroup(request, groupId);
    expect(group.members[0]).toMatchObject({ auto_collect: true, paid_amount: 6000 });
  });
});
