import { expect, test } from './support/test';
import { createLink, deleteLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * The payment link checkout, in Chromium against the production build: each
 * journey ends on the page the state table allows, and stays there on refresh.
 */
test.describe('payment link checkout', () => {
  test('a card payment shows the receipt; a refresh and a second visit show it paid, with no way to pay again', async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { amount: 12345 });
    await page.goto(`/${id}`);
    await expect(page.getByTestId('checkout-amount')).toHaveText('£123.45');
    await expect(page.getByTestId('checkout-organisation')).toHaveText('Sandbox Travel Group');
    await expect(page.getByTestId('checkout-description')).toHaveText('Deposit: Lisbon');
    await expect(page.getByTestId('checkout-payer')).toHaveText('Ada Lovelace');
    await fillCard(page, '4111 1111 1111 1111');
    await expect(page.getByTestId('card-brand')).toHaveText('Card type: Visa');
    await page.getByRole('button', { name: 'Pay £123.45' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    await expect(page.getByTestId('receipt-method')).toHaveText('Visa ending 1111');
    await expect(page.getByTestId('receipt-amount')).toHaveText('£123.45');
    await page.reload();
    await expect(page.getByTestId('receipt-method')).toHaveText('Visa ending 1111');
    await page.goto(`/${id}`);
    await expect(page.getByTestId('paid-title')).toBeVisible();
    await expect(page.getByTestId('card-form')).toHaveCount(0);
    await page.goto(`/${id}/failure`);
    await expect(page).toHaveURL(`${sandboxUrl}/${id}`);
  });

  test('a declined card goes to the failure page and the link can still be paid', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
    await expect(page.getByTestId('result-title')).toHaveText('Your payment was not taken');
    await page.getByTestId('try-again').click();
    await expect(page.getByTestId('card-form')).toBeVisible();
    await fillCard(page, '5555 5555 5555 4444');
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('receipt-method')).toHaveText('Mastercard ending 4444');
  });

  test('typing mistakes are listed in an error summary that takes focus', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await fillCard(page, '4111 1111 1111 1112', ' ');
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('error-summary')).toBeFocused();
    await expect(page.getByTestId('error-summary')).toContainText('Enter a valid card number');
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  });

  test('3-D Secure: the challenge page and back, then paid', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await fillCard(page, '4212 3456 7891 0006');
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/sandbox\/3ds\//);
    await page.getByLabel('Password').fill('password');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    await expect(page.getByTestId('receipt-method')).toHaveText('Visa ending 0006');
  });

  test('a failed 3-D Secure check goes to the failure page', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await fillCard(page, '4212 3456 7891 0006');
    await page.getByTestId('pay-button').click();
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
    await expect(page.getByTestId('try-again')).toBeVisible();
  });

  test("the link's own success URL receives the customer after paying", async ({ page, request }) => {
    const id = await createLink(request, { success_url: `${sandboxUrl}/docs/errors?paid=yes` });
    await page.goto(`/${id}`);
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${sandboxUrl}/docs/errors?paid=yes`);
  });

  test('a second tab that pays after the first shows the one payment, not a second charge', async ({
    browser,
    request,
  }) => {
    const id = await createLink(request);
    const context = await browser.newContext();
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const tab of [first, second]) {
      await tab.goto(`${sandboxUrl}/${id}`);
      await fillCard(tab, '4111 1111 1111 1111');
    }
    await first.getByTestId('pay-button').click();
    await expect(first).toHaveURL(`${sandboxUrl}/${id}/success`);
    await second.getByTestId('pay-button').click();
    await expect(second).toHaveURL(`${sandboxUrl}/${id}`);
    await expect(second.getByTestId('paid-title')).toBeVisible();
    await expect(second.getByTestId('receipt-reference')).toHaveText(
      (await first.getByTestId('receipt-reference').textContent())!,
    );
    await context.close();
  });

  test('open banking left unfinished: the link says a payment is waiting, and Cancel makes it payable again', async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { open_banking_enabled: true });
    await page.goto(`/${id}`);
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await expect(page).toHaveURL(/\/sandbox\/bank\//);
    await page.goto(`/${id}`);
    await expect(page.getByTestId('away')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/cancel`);
    await page.getByTestId('try-again').click();
    await expect(page.getByTestId('card-form')).toBeVisible();
  });

  test('at 320 px wide the page does not scroll sideways, and the card is paid with the keyboard alone', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const id = await createLink(request);
    await page.goto(`/${id}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByLabel('Card number').focus();
    await page.keyboard.type('4111111111111111');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12/34');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
  });

  test('a pre-authorisation link says the amount is held, and its receipt says so too', async ({ page, request }) => {
    const id = await createLink(request, { authorisation_only: true });
    await page.goto(`/${id}`);
    await expect(page.getByText('This amount will be held on your card, not taken')).toBeVisible();
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('receipt')).toContainText('The amount is held on your card');
  });

  test('the checkout is rendered on the server: its HTML already has the amount and the card fields', async ({
    request,
  }) => {
    const id = await createLink(request, { amount: 4200 });
    const response = await request.get(`${sandboxUrl}/${id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('£42.00');
    expect(html).toContain('Card number');
    expect(html).not.toContain('__next_error__');
  });

  test('a commercial card on a surcharging link shows the surcharge and the new total before paying', async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { surcharging_enabled: true });
    await page.goto(`/${id}`);
    await fillCard(page, '5200 8300 0000 0007');
    await expect(page.getByTestId('surcharge')).toContainText('surcharge of £1.50');
    await expect(page.getByTestId('surcharge-total')).toHaveText('New total: £101.50');
    await page.getByRole('button', { name: 'Confirm and pay £101.50' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    await expect(page.getByTestId('receipt-amount')).toHaveText('£101.50');
    await expect(page.getByTestId('receipt-surcharge')).toHaveText('£1.50');
  });

  test('an excluded card is refused with the message naming what is accepted', async ({ page, request }) => {
    const id = await createLink(request, { excluded_card_types: ['AMEX'] });
    await page.goto(`/${id}`);
    await fillCard(page, '3700 0000 0000 002');
    await expect(page.getByTestId('card-excluded')).toContainText(
      'American Express cards are not accepted. You can pay by Visa or Mastercard.',
    );
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('card-excluded')).toBeVisible();
  });

  test('open banking: to the bank, approve, back to the receipt', async ({ page, request }) => {
    const id = await createLink(request, { open_banking_enabled: true, card_enabled: false });
    await page.goto(`/${id}`);
    await expect(page.getByTestId('card-form')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await expect(page).toHaveURL(/\/sandbox\/bank\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    await expect(page.getByTestId('receipt-method')).toHaveText('Bank payment (open banking)');
  });

  test('an expired link shows the expired page and no form', async ({ page, request }) => {
    const id = await createLink(request, { expires_at: new Date(Date.now() + 2500).toISOString() });
    await page.waitForTimeout(3000);
    await page.goto(`/${id}`);
    await expect(page.getByTestId('expired')).toBeVisible();
    await expect(page.getByTestId('card-form')).toHaveCount(0);
  });

  test('unknown and deleted links answer the 404 page', async ({ page, request }) => {
    const unknown = await page.goto('/00000000-0000-4000-8000-000000000000');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    const id = await createLink(request);
    await deleteLink(request, id);
    expect((await page.goto(`/${id}`))?.status()).toBe(404);
  });

  test('in French the amount is formatted for the locale', async ({ page, request }) => {
    const id = await createLink(request, { amount: 12345 });
    await page.goto(`/fr/${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('checkout-amount')).toHaveText(/123,45\s£/);
    await expect(page.getByText('Numéro de carte')).toBeVisible();
  });

  test('the sandbox home page links to a payable sample link, and the form passes axe', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('sample-link').click();
    await expect(page.getByTestId('card-form')).toBeVisible();
    await expectNoAxeViolations(page, 'sample link checkout');
  });
});
