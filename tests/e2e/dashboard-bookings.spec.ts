import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { requiredEnv } from './e2e-env';
import { expectNoAxeViolations } from './support/axe';
import { forgeAction, oneClick } from './dashboard-fixtures';

/*
 * The back office's overview and bookings (issue 18 item 3, docs/dashboard-bookings.md): an admin creates a
 * booking, finds it by search, edits it, changes its reference, exports CSV and opens its page; the agent of the
 * child organisation cannot delete (no button; a forged post is 403) and gets 404 for the parent's booking;
 * axe on every page and state; 320 px; the list and a create without JavaScript.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
test.setTimeout(150_000);

const unique = () => randomBytes(4).toString('hex').toUpperCase();

/** Fills and posts the new-booking form; returns the booking's id from the page it lands on. */
async function createBooking(page: Page, reference: string, name: string): Promise<string> {
  await page.goto('/dashboard/bookings/new');
  const form = page.getByTestId('create-booking-form');
  await form.getByLabel('Booking reference').fill(reference);
  await form.getByLabel('Customer name').fill(name);
  await form.getByLabel('Customer email').fill('traveller@example.com');
  await form.getByLabel('Total amount (optional)').fill('1250.50');
  await form.getByLabel('Departure date (optional)').fill('2027-05-01');
  await form.getByLabel('Kind of trip').selectOption('PACKAGE');
  await form.getByRole('button', { name: 'Create the booking' }).click();
  await expect(page.getByTestId('booking-result')).toContainText('created');
  return /\/dashboard\/bookings\/([0-9a-f-]{36})/.exec(page.url())![1]!;
}

test.describe('back office bookings', () => {
  test('the overview shows the day and what needs a person, each linked to its section', async ({ browser }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    await expect(admin.getByTestId('overview-payments')).toBeVisible();
    const needs = admin.getByTestId('overview-needs-person');
    await expect(needs.getByRole('link', { name: /awaiting authorisation/ })).toHaveAttribute(
      'href',
      '/dashboard/refunds',
    );
    // The scheduled payments list opens on Queued: this tile opens it on the failed ones.
    await expect(needs.getByRole('link', { name: /failed collection/ })).toHaveAttribute(
      'href',
      '/dashboard/scheduled-payments?status=FAILED',
    );
    await expect(needs.getByRole('link', { name: /unsettled payment/ })).toHaveAttribute(
      'href',
      '/dashboard/transactions',
    );
    await expect(needs.getByRole('link', { name: /open chargeback/ })).toHaveAttribute(
      'href',
      '/dashboard/chargebacks',
    );
    await expect(admin.getByTestId('overview-groups')).toBeVisible();
    await expectNoAxeViolations(admin, 'overview');
    // The agent lacks chargebacks:view: no chargebacks tile.
    const agent = await oneClick(browser, 'Sandbox Agent');
    await expect(agent.getByTestId('overview-needs-person')).toBeVisible();
    await expect(agent.getByTestId('needs-chargebacks')).toHaveCount(0);
    await expectNoAxeViolations(agent, 'agent overview');
  });

  test('an admin creates, finds, edits, renames, exports and opens a booking', async ({ browser }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.getByTestId('nav-bookings').click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expectNoAxeViolations(admin, 'bookings list');
    await admin.getByTestId('new-booking').click();
    await expectNoAxeViolations(admin, 'new booking');
    // An invalid amount: the browser's own check stops it; a server error shows on the form.
    const reference = `E2E-${unique()}`;
    const id = await createBooking(admin, reference, 'Ada Lovelace');
    await expect(admin.getByTestId('booking-title')).toContainText(reference);
    await expect(admin.getByTestId('booking-summary')).toContainText('£1,250.50');
    await expect(admin.getByTestId('booking-summary')).toContainText('1 May 2027');
    await expectNoAxeViolations(admin, 'booking created');

    await admin.goto('/dashboard/bookings');
    await admin.getByLabel('Customer, reference or email').fill(reference.toLowerCase());
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin.getByTestId('bookings-count')).toHaveText('1 booking');
    await expect(admin.getByTestId('booking-row')).toHaveCount(1);
    await expectNoAxeViolations(admin, 'bookings search');

    await admin.getByRole('link', { name: reference }).click();
    await admin.getByTestId('edit-booking').click();
    await expectNoAxeViolations(admin, 'edit booking');
    await admin.getByTestId('edit-booking-form').getByLabel('Customer name').fill('Ada King');
    await admin.getByRole('button', { name: 'Save the changes' }).click();
    await expect(admin.getByTestId('booking-result')).toContainText('saved');
    await expect(admin.getByTestId('booking-summary')).toContainText('Ada King');

    const renamed = `${reference}-B`;
    await admin.getByTestId('edit-booking').click();
    await admin.getByLabel('New reference').fill(renamed);
    await admin.getByRole('button', { name: 'Change the reference' }).click();
    await expect(admin.getByTestId('booking-result')).toContainText('reference has been changed');
    await expect(admin.getByTestId('booking-title')).toContainText(renamed);
    expect(admin.url()).toContain(`/dashboard/bookings/${id}`);
    await expectNoAxeViolations(admin, 'reference changed');

    // The export of the search: the file, not a page.
    await admin.goto(`/dashboard/bookings?keyword=${renamed}`);
    const href = await admin.getByTestId('export-csv').getAttribute('href');
    const csv = await admin.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(csv.headers()['content-disposition']).toContain('attachment');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,organisation,booking_reference/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${id},`);
    expect(lines[1]).toContain('Ada King');
    // Without a session the export is the sign-in page, as the pages.
    const anonymous = await browser.newContext({ baseURL: sandboxUrl });
    const refused = await anonymous.request.get(href!, { maxRedirects: 0, headers: { 'accept-language': 'en-GB' } });
    // The pages' own requireStaff: a temporary redirect to the sign-in page, not a file.
    expect(refused.status()).toBe(307);
    expect(refused.headers().location).toContain('/dashboard/sign-in');
  });

  test('the agent of the child organisation cannot delete; the parent organisation’s booking is 404', async ({
    browser,
  }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    const parentBooking = await createBooking(admin, `PARENT-${unique()}`, 'Parent Customer');
    // The admin switches to the child organisation and makes a booking there.
    await admin.getByLabel('Organisation').selectOption({ label: '– Sandbox Travel North' });
    await admin.getByRole('button', { name: 'Show' }).click();
    await expect(admin.getByTestId('overview-organisation')).toContainText('Sandbox Travel North');
    const childBooking = await createBooking(admin, `CHILD-${unique()}`, 'Child Customer');
    // The page as the server renders it (a client-side render after an action carries no $ACTION_ID_ field).
    await admin.goto(`/dashboard/bookings/${childBooking}`);
    const deleteForm = admin.locator('form').filter({ has: admin.getByTestId('delete-booking') });
    const actionField = await deleteForm.locator('input[name^="$ACTION_ID_"]').getAttribute('name');
    expect(actionField).toBeTruthy();

    const agent = await oneClick(browser, 'Sandbox Agent', { at: `/dashboard/bookings/${childBooking}` });
    await expect(agent.getByTestId('booking-title')).toBeVisible();
    await expect(agent.getByTestId('delete-booking')).toHaveCount(0);
    await expectNoAxeViolations(agent, 'agent booking page');
    const forged = await forgeAction(agent, `/dashboard/bookings/${childBooking}`, actionField!, {
      locale: 'en-GB',
      booking: childBooking,
    });
    expect(forged.status()).toBe(403);
    expect(forged.headers()['x-action-redirect']).toBeUndefined();
    await agent.goto(`/dashboard/bookings/${childBooking}`);
    await expect(agent.getByTestId('booking-title')).toBeVisible();

    const foreign = await agent.goto(`/dashboard/bookings/${parentBooking}`);
    expect(foreign!.status()).toBe(404);
    expect((await agent.goto(`/dashboard/bookings/${parentBooking}/edit`))!.status()).toBe(404);
    expect((await agent.goto('/dashboard/bookings/not-a-booking'))!.status()).toBe(404);

    // The admin (delete role) deletes the child's booking; it leaves the list.
    await admin.goto(`/dashboard/bookings/${childBooking}`);
    await admin.getByTestId('delete-booking').click();
    await expect(admin.getByTestId('bookings-result')).toContainText('deleted');
    await expectNoAxeViolations(admin, 'booking deleted');
    expect((await admin.goto(`/dashboard/bookings/${childBooking}`))!.status()).toBe(404);
  });

  test('usable at 320 px, and the list and a create work without JavaScript', async ({ browser }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    const id = await createBooking(admin, `NARROW-${unique()}`, 'Narrow Screen');
    await admin.setViewportSize({ width: 320, height: 800 });
    for (const path of [
      '/dashboard',
      '/dashboard/bookings',
      '/dashboard/bookings/new',
      `/dashboard/bookings/${id}`,
      `/dashboard/bookings/${id}/edit`,
    ]) {
      await admin.goto(path);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      await expectNoAxeViolations(admin, `${path} at 320 px`);
    }

    const noJs = await (
      await browser.newContext({
        baseURL: sandboxUrl,
        javaScriptEnabled: false,
        storageState: await admin.context().storageState(),
      })
    ).newPage();
    const reference = `NOJS-${unique()}`;
    await noJs.goto('/dashboard/bookings/new');
    await noJs.getByLabel('Booking reference').fill(reference);
    await noJs.getByLabel('Customer name').fill('No Script');
    await noJs.getByLabel('Customer email').fill('noscript@example.com');
    await noJs.getByRole('button', { name: 'Create the booking' }).click();
    await expect(noJs.getByTestId('booking-result')).toContainText('created');
    await noJs.goto('/dashboard/bookings');
    await noJs.getByLabel('Customer, reference or email').fill(reference);
    await noJs.getByRole('button', { name: 'Search' }).click();
    await expect(noJs).toHaveURL(new RegExp(`keyword=${reference}`));
    await expect(noJs.getByTestId('booking-row')).toHaveCount(1);
    await expect(noJs.getByTestId('booking-row')).toContainText('No Script');
  });
});
