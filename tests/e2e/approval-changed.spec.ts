import { expect, test } from './support/test';
import { sandboxUrl } from './checkout-fixtures';
import { approvalLink, scheduleBookingPayment, sendApprovalLink } from './journey-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * An approval decides only the payments its email listed (issue 16 item 8): a
 * £2,500 payment scheduled after the email must not be approved with the ones
 * the customer saw. The page says a new approval is needed, in the customer's
 * language, and decides nothing.
 */
test.describe('approval page when the payments changed', () => {
  test('a payment scheduled after the email: approving decides nothing and asks for a new link, which lists it', async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // a card payment, five API calls and five page loads on a shared two-core machine
    const { path, bookingId, cardToken } = await approvalLink(page, request);
    await page.goto(path);
    await expect(page.getByTestId('approval-payment')).toHaveCount(2);
    // The organisation schedules another payment while the customer has the page open.
    await scheduleBookingPayment(request, bookingId, cardToken, 250000, 20);
    await page.getByTestId('approve').click();
    await expect(page.getByTestId('approval')).toHaveAttribute('data-state', 'changed');
    await expect(page.getByTestId('approval-changed')).toContainText('These payments have changed');
    await expect(page.getByTestId('approval-changed')).toContainText('Nothing has been approved or declined');
    await expect(page.getByTestId('approval-form')).toHaveCount(0);
    await expect(page.getByTestId('approval-decided')).toHaveCount(0);
    await expectNoAxeViolations(page, 'approval changed');
    // In another language (another browser, so this one keeps its locale) the page says it in that language.
    const german = await (await browser.newContext()).newPage();
    await german.goto(`${sandboxUrl}/de${path}`);
    await expect(german.getByTestId('approval-changed')).toContainText('Diese Zahlungen haben sich geändert');
    await expect(german.getByTestId('approval-form')).toHaveCount(0);
    // Nothing was decided: a new link lists all three, still awaiting approval, and approves them.
    const renewed = await sendApprovalLink(request, bookingId);
    await page.goto(renewed);
    const rows = page.getByTestId('approval-payment');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: '£2,500.00' })).toHaveCount(1);
    await page.getByTestId('approve').click();
    await expect(page.getByTestId('approval-decided')).toContainText('You approved these payments');
    await expect(page.getByTestId('approval-payment')).toHaveCount(3);
  });
});
