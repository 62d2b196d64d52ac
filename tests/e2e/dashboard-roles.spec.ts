import { expect, test } from './support/test';
import { forgeAction, invitedUser, oneClick } from './dashboard-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Issue 18's role journey: a member of staff invited with booking-and-payment:create:payment ONLY does what that role
 * allows (creates a payment link, opens the virtual terminal) and is refused the rest, page and forged action alike
 * (a booking and the customers need :create:booking; settings organisation:management; users users:manage). The admin's every-role journeys are the other
 * dashboard specs; the sandbox agent (both create roles, in the child organisation) is dashboard-sign-in.spec.ts's.
 */
test('a user with only booking-and-payment:create:payment takes payments and is refused bookings and settings', async ({
  browser,
}) => {
  const admin = await oneClick(browser, 'Sandbox Admin', { at: '/dashboard/bookings/new' });
  // The create-booking form's action id, as the admin's page carries it: the forged post below aims at it.
  const createBooking = await admin
    .getByTestId('create-booking-form')
    .locator('input[name^="$ACTION_ID_"]')
    .getAttribute('name');
  expect(createBooking).toBeTruthy();
  const payer = await invitedUser(browser, admin, ['booking-and-payment:create:payment'], 'Payment Taker');

  // The navigation offers what the role may do, and hides the rest.
  await expect(payer.getByTestId('nav-links')).toBeVisible();
  await expect(payer.getByTestId('nav-terminal')).toBeVisible();
  for (const hidden of ['nav-customers', 'nav-users', 'nav-settings', 'nav-developers'])
    await expect(payer.getByTestId(hidden)).toHaveCount(0);

  // Allowed: a payment link, and the virtual terminal.
  await payer.goto('/dashboard/links');
  const form = payer.getByTestId('create-checkout-form');
  await form.getByLabel('Customer name').fill('Role Payer');
  await form.getByLabel('Customer email address').fill('role-payer@example.com');
  await form.getByLabel('Amount', { exact: true }).fill('12.50');
  await form.getByRole('button', { name: 'Create the payment link' }).click();
  await expect(payer).toHaveURL(/\/dashboard\/links\/[0-9a-f-]{36}\?result=created$/);
  await expect(payer.getByTestId('link-result')).toHaveText('Created.');
  expect((await payer.goto('/dashboard/terminal'))!.status()).toBe(200);

  // Refused: the pages of other roles answer 403, and the page of bookings offers no "New booking".
  for (const path of ['/dashboard/bookings/new', '/dashboard/customers', '/dashboard/settings', '/dashboard/users'])
    expect((await payer.goto(path))!.status(), path).toBe(403);
  await expectNoAxeViolations(payer, 'forbidden');
  await payer.goto('/dashboard/bookings');
  await expect(payer.getByTestId('new-booking')).toHaveCount(0);
  // A forged create-booking post is the wrapper's 403, and no booking appears.
  const reference = `SBX-${Date.now()}`;
  const forged = await forgeAction(payer, '/dashboard/bookings/new', createBooking!, {
    locale: 'en-GB',
    booking_reference: reference,
    customer_name: 'Forged Booking',
    email: 'forged@example.com',
  });
  expect(forged.status()).toBe(403);
  await admin.goto(`/dashboard/bookings?keyword=${reference}`);
  await expect(admin.getByTestId('booking-row')).toHaveCount(0);
});
