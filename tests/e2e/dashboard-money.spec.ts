import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { call } from './card-fixtures';
import { fillCard } from './checkout-fixtures';
import { forgeAction, oneClick } from './dashboard-fixtures';
import { requiredEnv } from './e2e-env';
import { expectNoAxeViolations } from './support/axe';

/*
 * The back office's money after the fact (issue 18 slice dash-money, docs/dashboard-money.md): a sandbox payment
 * refunded in part from its page and its timeline; pre-authorisations completed and reversed; a payment moved to
 * another booking; a refund that needs a second user, authorised by that user and refused to the one who asked;
 * chargebacks refused without chargebacks:view; another organisation's payment a 404; credit notes; axe on every
 * page and state, 320 px, and a list and an action without JavaScript.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
const PARENT = 'org_sandbox_travel';
const CHILD = 'org_sandbox_travel_north';
test.setTimeout(180_000);

/** SBX-<digits> like the seeded bookings (home.spec.ts checks every sandbox booking looks like one). */
const reference = () => `SBX-${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function booking(request: APIRequestContext, organisation: string) {
  const made = await call(request, 'sandbox', 'PUT', '/agent/bookings', {
    organisation,
    booking_reference: reference(),
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
  });
  return { id: made.id as string, reference: made.booking_reference as string };
}

/** A £100 payment of a new booking, paid on the hosted page with the sandbox's Visa; held only when asked. */
async function paid(page: Page, request: APIRequestContext, { organisation = PARENT, held = false } = {}) {
  const made = await booking(request, organisation);
  const link = await call(request, 'sandbox', 'PUT', '/agent/payment-links', {
    organisation,
    booking_id: made.id,
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
    amount: 10000,
    authorisation_only: held,
  });
  await page.goto(`${sandboxUrl}/${link.id}`);
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${link.id}/success`);
  const { transactions } = await call(request, 'sandbox', 'GET', `/agent/payment-links/${link.id}`);
  return { transactionId: transactions[0].id as string, booking: made };
}

/** The Next.js action id a form of `page` carries (what a forged post needs). */
async function actionIdOf(form: ReturnType<Page['locator']>) {
  const name = await form.locator('input[name^="$ACTION_ID_"]').getAttribute('name');
  expect(name).toBeTruthy();
  return name!.slice('$ACTION_ID_'.length);
}

async function switchTo(page: Page, label: string) {
  await page.getByLabel('Organisation').selectOption({ label });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('overview-organisation')).toContainText(label.replace(/^– /, ''));
}

test.describe('the back office: money after the fact', () => {
  test('a payment found in the list, refunded in part, its timeline, receipt and a move to another booking', async ({
    browser,
    page,
    request,
  }) => {
    const { transactionId, booking: first } = await paid(page, request);
    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.getByTestId('nav-transactions').click();
    await expectNoAxeViolations(admin, 'transactions');
    await admin.getByLabel('Booking reference, cardholder, payment reference').fill(first.reference);
    await admin.getByRole('button', { name: 'Show payments' }).click();
    const row = admin.getByTestId('transaction-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('£100.00');
    await expect(row).toContainText('Paid');
    await expectNoAxeViolations(admin, 'transactions filtered');

    await row.getByRole('link').click();
    await expect(admin).toHaveURL(new RegExp(`/dashboard/transactions/${transactionId}$`));
    await expect(admin.getByTestId('transaction-status')).toHaveText('Paid');
    await expectNoAxeViolations(admin, 'transaction');
    await admin.getByLabel('Amount to refund').fill('25.00');
    await admin.getByRole('button', { name: 'Ask for the refund' }).click();
    await expect(admin.getByTestId('transaction-result')).toContainText('The refund is requested');
    await expect(admin.getByTestId('transaction-refunded')).toHaveText('£25.00');
    await expectNoAxeViolations(admin, 'refund requested');

    // The parent organisation needs no second user: the one who asked may authorise.
    await admin.getByRole('link', { name: 'Refunds awaiting authorisation' }).click();
    const refund = admin.getByTestId('refund-row').filter({ hasText: first.reference });
    await expect(refund).toContainText('Sandbox Admin');
    await expectNoAxeViolations(admin, 'refunds');
    await refund.getByRole('button', { name: 'Authorise refund of £25.00' }).click();
    await expect(admin.getByTestId('refunds-result')).toHaveText('The refund is authorised and paid back to the card.');
    await expectNoAxeViolations(admin, 'refund authorised');

    await admin.goto(`/dashboard/transactions/${transactionId}`);
    const timeline = admin.getByTestId('timeline');
    await expect(timeline).toContainText('Payment of £100.00 started');
    await expect(timeline).toContainText('The money was taken');
    await expect(timeline).toContainText('Sandbox Admin asked for a refund');
    await expect(timeline).toContainText('Sandbox Admin authorised a refund');
    await expect(timeline).toContainText('Refund of £25.00 paid back');
    await expect(admin.getByLabel('Amount to refund')).toHaveValue('75.00');

    const receipt = await admin.request.get(await admin.getByTestId('receipt-link').getAttribute('href').then(String));
    expect(receipt.status()).toBe(200);

    const second = await booking(request, PARENT);
    await admin.getByLabel('Booking reference', { exact: true }).fill(second.reference);
    await admin.getByRole('button', { name: 'Move the payment' }).click();
    await expect(admin.getByTestId('transaction-result')).toHaveText('The payment is on the other booking now.');
    await expect(admin.getByTestId('transaction-booking')).toHaveText(second.reference);
    await expect(admin.getByTestId('timeline')).toContainText('Sandbox Admin moved the payment to another booking');
    await expectNoAxeViolations(admin, 'moved');
    // A reference that is no booking of the organisation: said, nothing moved.
    await admin.getByLabel('Booking reference', { exact: true }).fill('SBX-0');
    await admin.getByRole('button', { name: 'Move the payment' }).click();
    await expect(admin.getByTestId('transaction-error')).toContainText('the booking reference');
    await expect(admin.getByTestId('transaction-booking')).toHaveText(second.reference);
    await expectNoAxeViolations(admin, 'move refused');
  });

  test('a pre-authorisation completed and another reversed', async ({ browser, page, request }) => {
    const taken = await paid(page, request, { held: true });
    const released = await paid(page, request, { held: true });
    const admin = await oneClick(browser, 'Sandbox Admin', { at: `/dashboard/transactions/${taken.transactionId}` });
    await expect(admin.getByTestId('transaction-status')).toHaveText('Held, not taken');
    await expectNoAxeViolations(admin, 'held');
    await admin.getByRole('button', { name: 'Take the held money' }).click();
    await expect(admin.getByTestId('transaction-result')).toHaveText('The held money is taken.');
    await expect(admin.getByTestId('transaction-status')).toHaveText('Paid');
    await expect(admin.getByTestId('timeline')).toContainText('Sandbox Admin took the held money');
    await expectNoAxeViolations(admin, 'completed');

    await admin.goto(`/dashboard/transactions/${released.transactionId}`);
    await admin.getByRole('button', { name: 'Release the hold' }).click();
    await expect(admin.getByTestId('transaction-result')).toHaveText('The hold is released: nothing was taken.');
    await expect(admin.getByTestId('transaction-status')).toHaveText('Hold released');
    await expect(admin.getByTestId('timeline')).toContainText('Sandbox Admin released the hold');
    await expect(admin.getByTestId('refund-form')).toHaveCount(0);
    await expectNoAxeViolations(admin, 'reversed');
  });

  test('a refund that needs a second user: refused to the one who asked, authorised by another', async ({
    browser,
    page,
    request,
  }) => {
    await call(request, 'sandbox', 'POST', `/agent/organisations/${CHILD}/settings`, {
      refunds_require_second_user: true,
    });
    try {
      const { transactionId, booking: made } = await paid(page, request, { organisation: CHILD });
      const admin = await oneClick(browser, 'Sandbox Admin');
      await switchTo(admin, '– Sandbox Travel North');
      await admin.goto(`/dashboard/transactions/${transactionId}`);
      await admin.getByLabel('Amount to refund').fill('10');
      await admin.getByRole('button', { name: 'Ask for the refund' }).click();
      await expect(admin.getByTestId('transaction-result')).toBeVisible();
      await admin.goto('/dashboard/refunds');
      const asked = admin.getByTestId('refund-row').filter({ hasText: made.reference });
      await expect(asked.getByTestId('second-user-note')).toContainText('You asked for this refund');
      await expect(asked.getByTestId('authorise-refund')).toHaveCount(0);
      await expectNoAxeViolations(admin, 'refund awaiting a second user');
      const code = (await asked.getAttribute('data-code'))!;

      const agent = await oneClick(browser, 'Sandbox Agent', { at: '/dashboard/refunds' });
      const theirs = agent.getByTestId('refund-row').filter({ hasText: made.reference });
      await expect(theirs.getByTestId('second-user-note')).toContainText('requires a second user');
      await expectNoAxeViolations(agent, 'refunds, second user');
      // The one who asked forges the authorise post the agent's page carries: the core refuses it (403).
      const authoriseId = await actionIdOf(
        theirs.locator('form').filter({ has: agent.getByTestId('authorise-refund') }),
      );
      const forged = await forgeAction(admin, '/dashboard/refunds', authoriseId, { locale: 'en-GB', code });
      expect(forged.status()).toBe(403);
      await admin.reload();
      await expect(admin.getByTestId('refund-row').filter({ hasText: made.reference })).toHaveCount(1);

      await theirs.getByTestId('authorise-refund').click();
      await expect(agent.getByTestId('refunds-result')).toHaveText(
        'The refund is authorised and paid back to the card.',
      );
      await expect(agent.getByTestId('refund-row').filter({ hasText: made.reference })).toHaveCount(0);
      await expectNoAxeViolations(agent, 'authorised by the second user');
      await agent.goto(`/dashboard/transactions/${transactionId}`);
      await expect(agent.getByTestId('timeline')).toContainText('Refund of £10.00 paid back');
    } finally {
      await call(request, 'sandbox', 'POST', `/agent/organisations/${CHILD}/settings`, {
        refunds_require_second_user: false,
      });
    }
  });

  test('roles and organisations: chargebacks and re-assign refused (403), another organisation’s payment 404', async ({
    browser,
    page,
    request,
  }) => {
    const parentPayment = await paid(page, request);
    const childPayment = await paid(page, request, { organisation: CHILD });
    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.getByTestId('nav-chargebacks').click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Chargebacks');
    await expectNoAxeViolations(admin, 'chargebacks');
    await admin.goto(`/dashboard/transactions/${parentPayment.transactionId}`);
    const reassignId = await actionIdOf(admin.getByTestId('reassign-form'));

    const agent = await oneClick(browser, 'Sandbox Agent');
    await expect(agent.getByTestId('nav-chargebacks')).toHaveCount(0);
    expect((await agent.goto('/dashboard/chargebacks'))!.status()).toBe(403);
    await expectNoAxeViolations(agent, 'chargebacks refused');
    // The agent's own payment has no move form (no booking-and-payment:reassign:booking); a forged post is refused.
    await agent.goto(`/dashboard/transactions/${childPayment.transactionId}`);
    await expect(agent.getByTestId('refund-form')).toBeVisible();
    await expect(agent.getByTestId('reassign-form')).toHaveCount(0);
    const before = await call(request, 'sandbox', 'GET', `/agent/transactions/${childPayment.transactionId}`);
    const forged = await forgeAction(agent, `/dashboard/transactions/${childPayment.transactionId}`, reassignId, {
      locale: 'en-GB',
      transaction: childPayment.transactionId,
      booking: parentPayment.booking.reference,
    });
    expect(forged.status()).toBe(403);
    const after = await call(request, 'sandbox', 'GET', `/agent/transactions/${childPayment.transactionId}`);
    expect(after.booking_id).toBe(before.booking_id);
    // The parent organisation's payment is out of the agent's reach: the API's 404.
    expect((await agent.goto(`/dashboard/transactions/${parentPayment.transactionId}`))!.status()).toBe(404);
    await expectNoAxeViolations(agent, 'another organisation’s payment');
    expect((await agent.goto('/dashboard/transactions/not-an-id'))!.status()).toBe(404);
    // Nor does the parent's list show it to them.
    await agent.goto(`/dashboard/transactions?keyword=${parentPayment.booking.reference}`);
    await expect(agent.getByTestId('transactions-empty')).toBeVisible();
  });

  test('a credit note issued from a booking', async ({ browser, page, request }) => {
    const { booking: made } = await paid(page, request);
    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.getByTestId('nav-creditNotes').click();
    await expectNoAxeViolations(admin, 'credit notes');
    const form = admin.getByTestId('credit-note-form');
    await form.getByLabel('Reference of the booking it comes from').fill(made.reference);
    await form.getByLabel('Amount (such as 25.00)').fill('40');
    await form.getByLabel('Description (optional)').fill('Kept for next summer');
    await form.getByRole('button', { name: 'Issue the credit note' }).click();
    await expect(admin.getByTestId('credit-notes-result')).toHaveText('The credit note is issued.');
    const note = admin.getByTestId('credit-note-row').filter({ hasText: made.reference });
    await expect(note).toContainText('£40.00');
    await expect(note).toContainText('Kept for next summer');
    await expectNoAxeViolations(admin, 'credit note issued');
    // More than the booking holds: refused, and said.
    await form.getByLabel('Reference of the booking it comes from').fill(made.reference);
    await form.getByLabel('Amount (such as 25.00)').fill('70');
    await form.getByRole('button', { name: 'Issue the credit note' }).click();
    await expect(admin.getByTestId('credit-notes-error')).toContainText('more than the booking holds');
    await expectNoAxeViolations(admin, 'credit note refused');
  });

  test('usable at 320 px', async ({ browser, page, request }) => {
    const { transactionId } = await paid(page, request);
    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.setViewportSize({ width: 320, height: 800 });
    for (const path of [
      '/dashboard/transactions',
      `/dashboard/transactions/${transactionId}`,
      '/dashboard/refunds',
      '/dashboard/chargebacks',
      '/dashboard/credit-notes',
    ]) {
      await admin.goto(path);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      await expectNoAxeViolations(admin, `${path} at 320 px`);
    }
  });

  test('without JavaScript: the list reads, a refund is asked for and declined', async ({ browser, page, request }) => {
    const { booking: made } = await paid(page, request);
    const noJs = await signedInWithoutJs(browser);
    await noJs.goto(`/dashboard/transactions?keyword=${made.reference}`);
    const row = noJs.getByTestId('transaction-row');
    await expect(row).toHaveCount(1);
    await row.getByRole('link').click();
    await noJs.getByLabel('Amount to refund').fill('5');
    await noJs.getByRole('button', { name: 'Ask for the refund' }).click();
    await expect(noJs.getByTestId('transaction-result')).toContainText('The refund is requested');
    await noJs.goto('/dashboard/refunds');
    await noJs
      .getByTestId('refund-row')
      .filter({ hasText: made.reference })
      .getByRole('button', { name: 'Decline refund of £5.00' })
      .click();
    // axe runs as a script, so it checks these pages in the journeys above, with JavaScript.
    await expect(noJs.getByTestId('refunds-result')).toHaveText('The refund is declined: no money moved.');
  });
});

/** The sandbox admin signed in by the home page's one-click form, in a browser without JavaScript. */
async function signedInWithoutJs(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: sandboxUrl, javaScriptEnabled: false })).newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in as Sandbox Admin' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}
