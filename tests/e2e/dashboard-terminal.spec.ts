import { expect, test, type Page } from './support/test';
import { requiredEnv } from './e2e-env';
import { expectNoAxeViolations } from './support/axe';
import { forgeAction, invitedUser, oneClick } from './dashboard-fixtures';

/*
 * The back office's virtual terminal (issue 18 item 4, docs/dashboard-terminal.md): an admin takes a phone payment
 * for a sandbox booking with the sandbox's test cards: authorised, declined with the checkout's words, a surcharge
 * shown before paying, and no 3-D Secure challenge even for the 3DS test card (MOTO). A user without
 * booking-and-payment:create:payment is refused the page and a forged post; another organisation's order and
 * booking are 404. axe on every page and state; 320 px; the journey without JavaScript.
 * Production mode: production-terminal.spec.ts (signed in by the link emailed through real SMTP, the card sent to the
 * Adyen simulator as Moto); the request's every field in tests/integration/processor/adyen-terminal-production.test.ts.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
// Several pages, each checked by axe, on a machine shared with other builds (a journey took 2 minutes there).
test.setTimeout(300_000);

const cards = {
  visa: '4111 1111 1111 1111',
  visa3ds: '4212 3456 7891 0006',
  declined: '4000 0000 0000 0002',
  commercial: '5200 8300 0000 0007',
};
const orderUrl = /\/dashboard\/terminal\/[0-9a-f-]{36}$/;

async function openOrder(page: Page, reference: string, amount: string) {
  await page.goto('/dashboard/terminal');
  await page.getByLabel('Booking reference').fill(reference);
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByTestId('terminal-continue').click();
  await expect(page).toHaveURL(orderUrl);
}

async function typeCard(page: Page, number: string) {
  const form = page.getByTestId('terminal-card-form');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByLabel('Name on card').fill('Ada Lovelace');
}

test.describe('virtual terminal', () => {
  test('an admin takes phone payments: authorised (3DS card, no challenge), a surcharge shown first, a decline and why', async ({
    browser,
  }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.getByTestId('nav-terminal').click();
    await expect(admin).toHaveURL(/\/dashboard\/terminal$/);
    await expectNoAxeViolations(admin, 'terminal');

    // The 3-D Secure test card: MOTO is out of 3-D Secure's scope, so it authorises with no challenge page.
    await openOrder(admin, 'SBX-1002', '125.50');
    await expect(admin.getByTestId('terminal-amount')).toHaveText('£125.50');
    await expect(admin.getByTestId('terminal-method')).toHaveText('By phone or by post');
    await expectNoAxeViolations(admin, 'order');
    await typeCard(admin, cards.visa3ds);
    await expect(admin.getByTestId('card-facts')).toHaveAttribute('data-check', 'accepted');
    await admin.getByTestId('terminal-pay').click();
    await expect(admin.getByTestId('terminal-result')).toHaveAttribute('data-outcome', 'authorised');
    await expect(admin).toHaveURL(orderUrl);
    await expect(admin.getByTestId('terminal-result')).toContainText('£125.50 was authorised.');
    await expect(admin.getByTestId('terminal-transaction')).toHaveAttribute(
      'href',
      /\/dashboard\/transactions\/[0-9a-f-]{36}$/,
    );
    await expect(admin.getByTestId('terminal-card-form')).toHaveCount(0);
    await expectNoAxeViolations(admin, 'authorised');
    // The receipt the link names is the payment's.
    await admin.getByTestId('terminal-receipt').click();
    await expect(admin.getByText('£125.50').first()).toBeVisible();

    // A business card: the surcharge and the new total are shown before anything is taken.
    await openOrder(admin, 'SBX-1002', '100');
    await typeCard(admin, cards.commercial);
    await expect(admin.getByTestId('surcharge')).toContainText('£1.50');
    await expect(admin.getByTestId('terminal-pay')).toHaveText('Take payment of £101.50, surcharge included');
    await expectNoAxeViolations(admin, 'surcharge');
    await admin.getByTestId('terminal-pay').click();
    await expect(admin.getByTestId('terminal-result')).toContainText('£101.50 was authorised.');
    await expect(admin.getByTestId('terminal-result')).toContainText('This includes a surcharge of £1.50.');

    // A declined card: the checkout's own words, and another try on the same page.
    await openOrder(admin, 'SBX-1002', '20');
    await typeCard(admin, cards.declined);
    await admin.getByTestId('terminal-pay').click();
    await expect(admin.getByTestId('terminal-result')).toHaveAttribute('data-outcome', 'declined');
    await expect(admin.getByTestId('terminal-reason')).toHaveText('Your card issuer declined the payment.');
    await expectNoAxeViolations(admin, 'declined');
    await typeCard(admin, cards.visa);
    await admin.getByTestId('terminal-pay').click();
    await expect(admin.getByTestId('terminal-result')).toHaveAttribute('data-outcome', 'authorised');
  });

  test('refused without booking-and-payment:create:payment (page and forged post); another organisation’s order is 404', async ({
    browser,
  }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    await openOrder(admin, 'SBX-1003', '10');
    const order = admin.url();
    await typeCard(admin, cards.visa);
    await admin.getByTestId('terminal-pay').click();
    await expect(admin.getByTestId('terminal-result')).toHaveAttribute('data-outcome', 'authorised');
    const another = await admin
      .getByRole('link', { name: 'Take another payment for this booking' })
      .getAttribute('href');
    expect(another).toMatch(/\?booking=[0-9a-f-]{36}$/);
    // The booking page's "Take a phone payment" link is the same address: the booking is chosen already.
    const bookingId = another!.split('?booking=')[1]!;
    await admin.goto(`/dashboard/bookings/${bookingId}`);
    await admin.getByTestId('booking-phone-payment').click();
    await expect(admin).toHaveURL(new RegExp(`/dashboard/terminal\\?booking=${bookingId}$`));
    await expect(admin.getByTestId('terminal-booking')).toContainText('SBX-1003');
    await expectNoAxeViolations(admin, 'terminal for a booking');
    const actionField = await admin
      .getByTestId('terminal-order-form')
      .locator('input[name^="$ACTION_ID_"]')
      .getAttribute('name');
    expect(actionField).toBeTruthy();

    const refused = await invitedUser(browser, admin, ['chargebacks:view'], 'Terminal Refused');
    await expect(refused.getByTestId('nav-terminal')).toHaveCount(0);
    const page = await refused.goto('/dashboard/terminal');
    expect(page!.status()).toBe(403);
    await expectNoAxeViolations(refused, 'forbidden');
    // The forged action, as a browser with JavaScript posts it: the wrapper's 403, nothing opened.
    const forged = await forgeAction(refused, '/dashboard/terminal', actionField!, {
      locale: 'en-GB',
      booking: 'SBX-1003',
      amount: '10',
      currency: 'GBX',
    });
    expect(forged.status()).toBe(403);
    expect(forged.headers()['x-action-redirect']).toBeUndefined();

    // The agent takes payments, but in the child organisation: the parent's order and booking are 404.
    const agent = await oneClick(browser, 'Sandbox Agent');
    await agent.getByTestId('nav-terminal').click();
    await expectNoAxeViolations(agent, 'agent terminal');
    expect((await agent.goto(new URL(order).pathname))!.status()).toBe(404);
    expect((await agent.goto(another!))!.status()).toBe(404);
    await expectNoAxeViolations(agent, 'not found');
  });

  test('works without JavaScript and at 320 px', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: sandboxUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in as Sandbox Admin' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await openOrder(page, 'SBX-1004', '42');
    await typeCard(page, cards.visa);
    await page.getByTestId('terminal-pay').click();
    await expect(page.getByTestId('terminal-result')).toHaveAttribute('data-outcome', 'authorised');
    await expect(page.getByTestId('terminal-result')).toContainText('£42.00 was authorised.');

    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.setViewportSize({ width: 320, height: 800 });
    await admin.goto('/dashboard/terminal');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(admin, 'terminal at 320 px');
    await openOrder(admin, 'SBX-1004', '12.34');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(admin, 'order at 320 px');
    await typeCard(admin, cards.declined);
    await admin.getByTestId('terminal-pay').click();
    await expect(admin.getByTestId('terminal-result')).toHaveAttribute('data-outcome', 'declined');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
