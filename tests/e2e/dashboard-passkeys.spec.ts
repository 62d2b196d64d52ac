import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import { requiredEnv } from './e2e-env';
import { expectNoAxeViolations } from './support/axe';
import { forgeAction, freshSignIn, oneClick } from './dashboard-fixtures';

/*
 * Back-office passkeys, the audit trail, customers and suppliers (issue 18, docs/dashboard-passkeys.md), with
 * Chromium's virtual authenticator (CDP WebAuthn domain) standing in for a phone or laptop: register, sign out,
 * sign in with the passkey; an organisation that requires passkeys; the audit trail saying how each sign-in
 * was made; roles refused on pages and forged posts. axe on every page and state; 320 px; without JavaScript.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
// Several pages, each checked by axe, on a machine shared with other builds (load average above 10).
test.setTimeout(240_000);

/** A platform authenticator with user verification, as a laptop's fingerprint reader: it answers by itself. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function registerPasskey(page: Page, name: string) {
  const form = page.getByTestId('passkey-register');
  await form.getByLabel('Name of the passkey').fill(name);
  await form.getByRole('button', { name: 'Add a passkey' }).click();
}

async function signInWithPasskey(page: Page) {
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The newest sign-in link the sandbox mailbox shows for `to`. */
async function mailedLink(page: Page, to: string): Promise<string> {
  await page.goto(`/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  const text = await page.getByTestId('mailbox-text').first().textContent();
  const link = /https?:\/\/\S+\/dashboard\/sign-in\/link\?token=[\w-]+/.exec(text ?? '');
  expect(link, `a sign-in link in the email to ${to}`).not.toBeNull();
  return link![0];
}

async function showOrganisation(page: Page, label: string) {
  await page.getByLabel('Organisation').selectOption({ label });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByTestId('overview-organisation')).toContainText(label.replace(/^– /, ''));
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: sandboxUrl })).newPage();
}

test.describe('back-office passkeys', () => {
  test('register a passkey on the account page, sign out, sign in with it; the audit says how; remove it', async ({
    browser,
  }) => {
    // Fresh: it signs this session out, and the audit must show its own sign-in (dashboard-fixtures.ts).
    const admin = await freshSignIn(browser, 'Sandbox Admin');
    await virtualAuthenticator(admin);
    await admin.getByTestId('signed-in-as').getByRole('link').click();
    await expect(admin).toHaveURL(/\/dashboard\/account$/);
    await expectNoAxeViolations(admin, 'account');
    const name = `Laptop ${randomBytes(2).toString('hex')}`;
    await registerPasskey(admin, name);
    await expect(admin.getByTestId('account-result')).toContainText('Your passkey was added');
    await expect(admin.getByTestId('passkey-row').filter({ hasText: name })).toBeVisible();
    await expectNoAxeViolations(admin, 'passkey added');

    // Someone else's forged removal of it is the API's 404, and removes nothing. The action's id is in the
    // page as the server renders it (a client-side render after an action leaves the hidden field out).
    await admin.reload();
    const row = admin.getByTestId('passkey-row').filter({ hasText: name });
    const removeAction = await row.locator('input[name^="$ACTION_ID_"]').getAttribute('name');
    const passkeyId = await row.locator('input[name="passkey"]').inputValue();
    const agent = await oneClick(browser, 'Sandbox Agent');
    // Posted as a form without JavaScript (an MPA action): the core's 404 is Next.js's not-found page.
    const forged = await agent.request.post('/dashboard/account', {
      headers: { origin: sandboxUrl },
      multipart: { [removeAction!]: '', locale: 'en-GB', passkey: passkeyId },
    });
    expect(forged.status()).toBe(404);
    await admin.reload();
    await expect(admin.getByTestId('passkey-row').filter({ hasText: name })).toHaveCount(1);

    await admin.getByTestId('sign-out').click();
    await expect(admin).toHaveURL(/\/dashboard\/sign-in\?result=signed-out$/);
    await expectNoAxeViolations(admin, 'sign-in with the passkey button');
    await signInWithPasskey(admin);
    await expect(admin.getByTestId('signed-in-as')).toContainText('Sandbox Admin');

    await admin.goto('/dashboard/audit');
    // Other specs act as the admin at the same time: find this sign-in by its words, not its place.
    const passkeySignIn = admin.getByTestId('audit-row').filter({ hasText: 'Sandbox Admin signed in with a passkey' });
    await expect(passkeySignIn.first()).toHaveAttribute('data-method', 'passkey');
    await expect(
      admin.getByTestId('audit-row').filter({ hasText: 'signed in from the sandbox home page' }).first(),
    ).toBeVisible();
    await expectNoAxeViolations(admin, 'audit');
    // One user's events, by the link in a row; then the keyword filter.
    await passkeySignIn.first().getByRole('link').click();
    await expect(admin.getByTestId('audit-user-filter')).toContainText('Sandbox Admin');
    await expectNoAxeViolations(admin, 'audit, one user');
    await admin.goto('/dashboard/audit');
    await admin.getByLabel('Kind of event contains').fill('passkey-register');
    await admin.getByRole('button', { name: 'Filter' }).click();
    await expect(admin.getByTestId('audit-row').first()).toContainText('added a passkey');
    await expect(admin.getByTestId('audit-row').filter({ hasText: 'signed in' })).toHaveCount(0);

    await admin.goto('/dashboard/account');
    await admin.getByTestId('passkey-row').filter({ hasText: name }).getByTestId('passkey-remove').click();
    await expect(admin.getByTestId('account-result')).toContainText('The passkey was removed');
    await expect(admin.getByTestId('passkey-row').filter({ hasText: name })).toHaveCount(0);
    await expectNoAxeViolations(admin, 'passkey removed');
  });

  test('an organisation that requires passkeys: an emailed link signs in only to add one', async ({ browser }) => {
    // Fresh (dashboard-fixtures.ts): it makes the organisation require passkeys, which changes how its users sign in.
    const admin = await freshSignIn(browser, 'Sandbox Admin');
    // The requirement covers the organisation's own users: the child's, where the admin invites someone.
    await showOrganisation(admin, '– Sandbox Travel North');
    const email = `passkey-${randomBytes(4).toString('hex')}@example.com`;
    await admin.goto('/dashboard/users');
    const invite = admin.getByTestId('invite-form');
    await invite.getByLabel('Name').fill('Passkey Person');
    await invite.getByLabel('Email address').fill(email);
    await invite.getByLabel('booking-and-payment:create:booking').check();
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(admin.getByTestId('users-result')).toBeVisible();

    await admin.goto('/dashboard/account');
    await expect(admin.getByTestId('passkeys-required-state')).toContainText('does not require');
    await admin.getByTestId('passkeys-required-toggle').click();
    try {
      await expect(admin.getByTestId('account-result')).toContainText('Passkeys are now required');
      await expect(admin.getByTestId('passkeys-required-state')).toContainText('Sandbox Travel North requires');
      await expectNoAxeViolations(admin, 'passkeys required');

      const person = await newPage(browser);
      await virtualAuthenticator(person);
      await person.goto(await mailedLink(person, email));
      await person.getByTestId('use-sign-in-link').click();
      // The link reached the account page only: every other page sends them back there.
      await expect(person).toHaveURL(/\/dashboard\/account$/);
      await expect(person.getByTestId('passkey-enrol-only')).toBeVisible();
      await expectNoAxeViolations(person, 'enrolment only');
      await person.goto('/dashboard/customers');
      await expect(person).toHaveURL(/\/dashboard\/account$/);
      // A file is refused as a page is: the bookings' CSV export sends them to the account page too, with no rows.
      const csv = await person.request.get('/dashboard/bookings/export', { maxRedirects: 0 });
      expect(csv.status()).toBe(307);
      expect(csv.headers()['location']).toMatch(/\/dashboard\/account$/);
      // And its actions are refused, except adding a passkey and signing out.
      const customers = await admin.goto('/dashboard/customers');
      expect(customers!.status()).toBe(200);
      const createAction = await admin
        .getByTestId('customer-form')
        .locator('input[name^="$ACTION_ID_"]')
        .getAttribute('name');
      const refused = await forgeAction(person, '/dashboard/customers', createAction!, {
        locale: 'en-GB',
        customer_name: 'X',
      });
      expect(refused.status()).toBe(403);

      await registerPasskey(person, 'Phone');
      await expect(person).toHaveURL(/\/dashboard\/sign-in\?result=passkey-registered$/);
      await expect(person.getByTestId('sign-in-passkey-registered')).toBeVisible();
      await expectNoAxeViolations(person, 'passkey registered, sign in');
      await signInWithPasskey(person);
      await person.goto('/dashboard/customers');
      await expect(person).toHaveURL(/\/dashboard\/customers$/);

      await admin.goto('/dashboard/audit');
      const rows = admin.getByTestId('audit-row').filter({ hasText: 'Passkey Person' });
      await expect(rows.filter({ hasText: 'signed in with a passkey' })).toHaveCount(1);
      await expect(rows.filter({ hasText: 'only to add a passkey' })).toHaveCount(1);
      await expect(rows.filter({ hasText: 'added a passkey' })).toHaveCount(1);
    } finally {
      await admin.goto('/dashboard/account');
      if ((await admin.getByTestId('passkeys-required-state').textContent())?.includes(' requires'))
        await admin.getByTestId('passkeys-required-toggle').click();
    }
    await expect(admin.getByTestId('account-result')).toContainText('no longer required');
  });

  test('customers and suppliers: create, search and list', async ({ browser }) => {
    const admin = await oneClick(browser, 'Sandbox Admin', { at: '/dashboard/customers' });
    const tag = randomBytes(3).toString('hex');
    await expectNoAxeViolations(admin, 'customers');
    const form = admin.getByTestId('customer-form');
    await form.getByLabel('Name').fill(`Ada ${tag}`);
    await form.getByLabel('Email').fill(`ada-${tag}@example.com`);
    await form.getByLabel('Town or city').fill('Cardiff');
    await form.getByRole('button', { name: 'Create the customer' }).click();
    await expect(admin.getByTestId('customers-result')).toContainText('The customer was created');
    await expectNoAxeViolations(admin, 'customer created');
    await admin.getByLabel('Search by name or email').fill(tag);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin.getByTestId('customer-row')).toHaveCount(1);
    await expect(admin.getByTestId('customer-row')).toContainText('Cardiff');
    await expectNoAxeViolations(admin, 'customers searched');
    await form.getByLabel('Email').fill('not an address');
    await form.getByLabel('Email').evaluate((input: HTMLInputElement) => (input.type = 'text'));
    await form.getByRole('button', { name: 'Create the customer' }).click();
    await expect(admin.getByTestId('customers-error')).toBeVisible();
    await expectNoAxeViolations(admin, 'customer refused');

    await admin.goto('/dashboard/suppliers');
    await expectNoAxeViolations(admin, 'suppliers');
    await admin.getByLabel('Supplier name').fill(`Sunny Hotels ${tag}`);
    await admin.getByRole('button', { name: 'Create the supplier' }).click();
    await expect(admin.getByTestId('suppliers-result')).toContainText('The supplier was created');
    await expect(admin.getByTestId('supplier-row').filter({ hasText: `Sunny Hotels ${tag}` })).toHaveCount(1);
    await expectNoAxeViolations(admin, 'supplier created');
  });

  test('the agent is refused the audit trail and suppliers: pages 403, a forged post refused', async ({ browser }) => {
    const admin = await oneClick(browser, 'Sandbox Admin', { at: '/dashboard/suppliers' });
    const tag = randomBytes(3).toString('hex');
    const supplierAction = await admin
      .getByTestId('supplier-form')
      .locator('input[name^="$ACTION_ID_"]')
      .getAttribute('name');

    const agent = await oneClick(browser, 'Sandbox Agent');
    await expect(agent.getByTestId('nav-audit')).toHaveCount(0);
    await expect(agent.getByTestId('nav-suppliers')).toHaveCount(0);
    for (const path of ['/dashboard/audit', '/dashboard/suppliers']) {
      const answer = await agent.goto(path);
      expect(answer!.status(), path).toBe(403);
      await expectNoAxeViolations(agent, `${path} refused`);
    }
    const forged = await forgeAction(agent, '/dashboard/suppliers', supplierAction!, {
      locale: 'en-GB',
      supplier_name: `Forged ${tag}`,
    });
    expect(forged.status()).toBe(403);
    const forgedForm = await agent.request.post('/dashboard/suppliers', {
      headers: { origin: sandboxUrl },
      multipart: { [supplierAction!]: '', locale: 'en-GB', supplier_name: `Forged ${tag}` },
    });
    expect(forgedForm.status()).toBe(403);
    await admin.reload();
    await expect(admin.getByTestId('supplier-row').filter({ hasText: `Forged ${tag}` })).toHaveCount(0);
    // The agent has booking-and-payment:create:booking: the customers page is theirs.
    expect((await agent.goto('/dashboard/customers'))!.status()).toBe(200);
  });

  test('without JavaScript: the lists read and a supplier is created; the sign-in page keeps the email link', async ({
    browser,
  }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    const cookies = await admin.context().cookies();
    const context = await browser.newContext({ baseURL: sandboxUrl, javaScriptEnabled: false });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto('/dashboard/audit');
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await page.goto('/dashboard/account');
    await expect(page.getByTestId('passkey-needs-script')).toBeVisible();
    const tag = randomBytes(3).toString('hex');
    await page.goto('/dashboard/suppliers');
    await page.getByLabel('Supplier name').fill(`Quiet Inns ${tag}`);
    await page.getByRole('button', { name: 'Create the supplier' }).click();
    await expect(page.getByTestId('suppliers-result')).toBeVisible();
    await page.getByLabel('Search by name').fill(tag);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('supplier-row')).toHaveCount(1);
    const signedOut = await (await browser.newContext({ baseURL: sandboxUrl, javaScriptEnabled: false })).newPage();
    await signedOut.goto('/dashboard/sign-in');
    await expect(signedOut.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
    await expect(signedOut.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  });

  test('usable at 320 px', async ({ browser }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.setViewportSize({ width: 320, height: 800 });
    for (const path of ['/dashboard/account', '/dashboard/audit', '/dashboard/customers', '/dashboard/suppliers']) {
      await admin.goto(path);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      await expectNoAxeViolations(admin, `${path} at 320 px`);
    }
    const signedOut = await (
      await browser.newContext({ baseURL: sandboxUrl, viewport: { width: 320, height: 800 } })
    ).newPage();
    await signedOut.goto('/dashboard/sign-in');
    await expect(signedOut.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    expect(await signedOut.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(signedOut, 'sign-in at 320 px');
  });
});
