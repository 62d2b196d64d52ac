import { expect, test, type Page } from './support/test';
import { cardChecked, createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { requiredEnv } from './e2e-env';
import { approvalLink, linkTransactions } from './journey-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Decline journeys, the approval page, printable receipts, card-testing
 * throttling and the sandbox test clock, in Chromium against the production
 * build. axe runs on every page and state these journeys reach.
 */

async function payWith(page: Page, number: string) {
  await fillCard(page, number);
  await cardChecked(page);
  await page.getByTestId('pay-button').click();
}

test.describe('decline journeys', () => {
  test('insufficient funds: the failure page, nothing charged, the link still payable', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await payWith(page, '4000 0099 9999 9009');
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
    await expect(page.getByTestId('result-failure')).toContainText('Nothing has been charged.');
    await expectNoAxeViolations(page, 'failure page');
    expect((await linkTransactions(request, id)).map((t) => t.status)).toEqual(['DECLINED']);
    await page.getByTestId('try-again').click();
    await expect(page.getByTestId('card-form')).toBeVisible();
  });

  test('3-D Secure passed: the challenge page (axe) and back to the receipt', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await payWith(page, '4212 3456 7891 0006');
    await expect(page).toHaveURL(/\/sandbox\/3ds\//);
    await expectNoAxeViolations(page, '3-D Secure challenge');
    await page.getByLabel('Password').fill('password');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    await expect(page.getByTestId('receipt-method')).toHaveText('Visa ending 0006');
  });

  test('3-D Secure failed: the failure page, nothing charged', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await payWith(page, '4212 3456 7891 0006');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
    expect((await linkTransactions(request, id)).map((t) => t.status)).toEqual(['DECLINED']);
  });

  test('3-D Secure abandoned: the customer leaves the challenge and opens the link again; Cancel ends the attempt', async ({
    page,
    request,
  }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await payWith(page, '4212 3456 7891 0006');
    await expect(page).toHaveURL(/\/sandbox\/3ds\//);
    await page.goto(`/${id}`);
    await expect(page.getByTestId('away')).toBeVisible();
    await expectNoAxeViolations(page, 'payment waiting at 3-D Secure');
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/cancel`);
    await expectNoAxeViolations(page, 'cancel page');
    expect((await linkTransactions(request, id)).map((t) => t.status)).toEqual(['ABANDONED']);
  });

  for (const [choice, button, lands, status] of [
    ['approve', 'Approve', 'success', 'COMPLETE'],
    ['decline', 'Decline', 'failure', 'DECLINED'],
    ['abandon', 'Leave without deciding', 'cancel', 'ABANDONED'],
  ] as const) {
    test(`open banking ${choice}: the bank page (axe) then the ${lands} page`, async ({ page, request }) => {
      const id = await createLink(request, { open_banking_enabled: true, card_enabled: false });
      await page.goto(`/${id}`);
      await page.getByRole('button', { name: 'Continue to your bank' }).click();
      await expect(page).toHaveURL(/\/sandbox\/bank\//);
      await expectNoAxeViolations(page, 'sandbox bank');
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect(page).toHaveURL(`${sandboxUrl}/${id}/${lands}`);
      await expectNoAxeViolations(page, `${lands} page after the bank`);
      expect((await linkTransactions(request, id)).map((t) => t.status)).toEqual([status]);
    });
  }
});

test.describe('card testing', () => {
  test('after 5 declined attempts on a link, a 6th card is refused with a clear message and never charged', async ({
    page,
    request,
  }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await payWith(page, '4000 0000 0000 0002');
      await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
      await page.goto(`/${id}`);
    }
    await payWith(page, '4111 1111 1111 1111');
    await expect(page.getByTestId('error-summary')).toContainText('card payments are paused until');
    await expect(page.getByTestId('error-summary')).toBeFocused();
    await expectNoAxeViolations(page, 'card testing refusal');
    const statuses = (await linkTransactions(request, id)).map((t) => t.status);
    expect(statuses.filter((s) => s === 'DECLINED')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'REJECTED')).toHaveLength(1);
    expect(statuses).not.toContain('COMPLETE');
  });
});

test.describe('approval page', () => {
  test('lists the payments awaiting approval; approving shows the decision, which a stale tab cannot flip', async ({
    page,
    browser,
    request,
  }) => {
    const { path, reference } = await approvalLink(page, request);
    await page.goto(path);
    await expect(page.getByTestId('approval-booking')).toHaveText(reference);
    await expect(page.getByTestId('approval-organisation')).not.toBeEmpty();
    const rows = page.getByTestId('approval-payment');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('£42.00');
    await expect(rows.first()).toContainText('Visa ending 1111');
    await expect(rows.nth(1)).toContainText('£25.00');
    await expectNoAxeViolations(page, 'approval page');
    const stale = await (await browser.newContext()).newPage();
    await stale.goto(`${sandboxUrl}${path}`);
    await page.getByTestId('approve').click();
    await expect(page.getByTestId('approval-decided')).toContainText('You approved these payments');
    await expect(page.getByTestId('approval-payment')).toHaveCount(2);
    await expectNoAxeViolations(page, 'approval decided');
    await page.reload();
    await expect(page.getByTestId('approval-decided')).toContainText('You approved these payments');
    // The other tab still shows the buttons: its decline changes nothing and shows the approval.
    await stale.getByTestId('decline').click();
    await expect(stale.getByTestId('approval-decided')).toContainText('You approved these payments');
    await expect(stale.getByTestId('approval-form')).toHaveCount(0);
  });

  test('declining shows that nothing will be taken; an unknown approval is the 404 page', async ({ page, request }) => {
    const { path } = await approvalLink(page, request);
    await page.goto(path);
    await page.getByTestId('decline').click();
    await expect(page.getByTestId('approval-decided')).toContainText('You declined these payments');
    await expect(page.getByTestId('approval-decided')).toContainText('None of them will be taken');
    await expectNoAxeViolations(page, 'approval declined');
    expect((await page.goto('/approvals/00000000-0000-4000-8000-000000000000'))?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    expect((await page.goto('/approvals/not-an-id'))?.status()).toBe(404);
  });
});

test.describe('printable receipt', () => {
  test('linked from the paid page, with the surcharge line, printable without the navigation', async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { surcharging_enabled: true });
    await page.goto(`/${id}`);
    // The surcharge shows as soon as the card is known; confirming it pays.
    await fillCard(page, '5200 8300 0000 0007');
    await page.getByRole('button', { name: 'Confirm and pay £101.50' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    const transactionId = (await page.getByTestId('receipt-link').getAttribute('href'))!.split('/').pop();
    await page.getByTestId('receipt-link').click();
    await expect(page).toHaveURL(`${sandboxUrl}/receipts/${transactionId}`);
    await expect(page.getByTestId('receipt-organisation')).toHaveText('Sandbox Travel Group');
    await expect(page.getByTestId('receipt-amount')).toHaveText('£101.50');
    await expect(page.getByTestId('receipt-surcharge')).toHaveText('£1.50');
    await expect(page.getByTestId('receipt-method')).toHaveText('Mastercard ending 0007');
    await expect(page.getByTestId('receipt-transaction')).toHaveText(transactionId!);
    await expect(page.getByTestId('receipt-dcc-rate')).toHaveCount(0);
    await expectNoAxeViolations(page, 'receipt');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('print-receipt')).toBeHidden();
    await expect(page.getByTestId('receipt-amount')).toBeVisible();
    await page.goto(`/${id}`);
    await expect(page.getByTestId('receipt-link')).toHaveAttribute('href', `/receipts/${transactionId}`);
  });

  test("paid in the card's currency: the DCC lines (currency, rate, mark-up, converted amount)", async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { dcc_enabled: true });
    await page.goto(`/${id}`);
    await fillCard(page, '4035 5010 0000 0008');
    await page.getByTestId('dcc').getByLabel('Pay €120.51 in EUR').check();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    await page.getByTestId('receipt-link').click();
    await expect(page.getByTestId('receipt-amount')).toHaveText('£100.00');
    await expect(page.getByTestId('receipt-dcc-currency')).toHaveText('EUR');
    await expect(page.getByTestId('receipt-dcc-rate')).toHaveText('1 GBP = 1.2051 EUR');
    await expect(page.getByTestId('receipt-dcc-markup')).toHaveText('3%');
    await expect(page.getByTestId('receipt-dcc-amount')).toHaveText('€120.51');
    await expect(page.getByTestId('receipt-surcharge')).toHaveCount(0);
    await expectNoAxeViolations(page, 'receipt with DCC');
  });

  test('a declined payment has no receipt', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
    const [declined] = await linkTransactions(request, id);
    expect((await page.goto(`/receipts/${declined!.id}`))?.status()).toBe(404);
    expect((await page.goto('/fr/receipts/00000000-0000-4000-8000-000000000000'))?.status()).toBe(404);
  });
});

test.describe('sandbox test clock', () => {
  // It moves the shared sandbox server's time: one test at a time, small moves, reset at the end.
  test.describe.configure({ mode: 'serial' });

  test('shows the time and offset; moves forward by a button and by a custom amount; resets', async ({ page }) => {
    await page.goto('/');
    const clock = page.getByTestId('test-clock');
    await expect(clock.getByTestId('clock-offset')).toHaveText('Not ahead: the clock is on real time');
    await expectNoAxeViolations(page, 'home with test clock');
    await clock.getByRole('button', { name: '+1 hour' }).click();
    await expect(page.getByTestId('clock-status')).toHaveText('The clock moved forward.');
    await expect(page.getByTestId('clock-offset')).toHaveText(/^0 days, 1 hour and (0|1) minutes?$/);
    await page.getByLabel('Amount').fill('5');
    await page.getByLabel('Unit').selectOption('minutes');
    await page.getByRole('button', { name: 'Move forward', exact: true }).click();
    await expect(page.getByTestId('clock-offset')).toHaveText(/^0 days, 1 hour and (5|6) minutes$/);
    await expectNoAxeViolations(page, 'home after moving the clock');
    await page.getByRole('button', { name: 'Reset to real time' }).click();
    await expect(page.getByTestId('clock-status')).toHaveText('The clock is back on real time.');
    await expect(page.getByTestId('clock-offset')).toHaveText('Not ahead: the clock is on real time');
  });

  test('production neither shows the clock nor moves anything when its action is posted', async ({ page, request }) => {
    await page.goto('/');
    const actionField = await page.getByTestId('clock-form').locator('input[name^="$ACTION_ID_"]').getAttribute('name');
    expect(actionField).toBeTruthy();
    const production = requiredEnv('E2E_PRODUCTION_URL');
    await page.goto(production);
    await expect(page.getByTestId('test-clock')).toHaveCount(0);
    expect(await page.content()).not.toContain('Test clock');
    // The same build serves both modes: post the sandbox form's action to production, from production's own origin.
    const response = await request.post(`${production}/`, {
      headers: { Origin: production },
      multipart: { [actionField!]: '', locale: 'en-GB', move: '7d' },
      maxRedirects: 0,
    });
    expect(response.status()).toBeLessThan(500);
    expect(response.headers()['location'] ?? '').not.toContain('clock=');
    expect((await request.get(`${production}/api/sandbox/clock`)).status()).toBe(404);
  });
});
