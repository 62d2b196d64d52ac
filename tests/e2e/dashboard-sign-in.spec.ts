import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import { requiredEnv } from './e2e-env';
import { expectNoAxeViolations } from './support/axe';
import { forgeAction, oneClick } from './dashboard-fixtures';

/*
 * The back office's sign-in (issue 18 slices 1 and 2, docs/dashboard.md): an emailed one-time link read in the
 * sandbox mailbox, the sandbox's one-click sign-in, roles enforced on pages and on forged actions, a user
 * removed mid-session, sign out everywhere. axe on every page and state; keyboard only; 320 px.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');
// Several pages, each checked by axe, on a machine shared with other builds (at a load average of 30 two tests took
// over 2 minutes, before this file shared sessions).
test.setTimeout(180_000);

/** The newest sign-in link the sandbox mailbox shows for `to`. */
async function mailedLink(page: Page, to: string): Promise<string> {
  await page.goto(`/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  const text = await page.getByTestId('mailbox-text').first().textContent();
  const link = /https?:\/\/\S+\/dashboard\/sign-in\/link\?token=[\w-]+/.exec(text ?? '');
  expect(link, `a sign-in link in the email to ${to}`).not.toBeNull();
  return link![0];
}

/**
 * A new user of the parent organisation (chargebacks:view), invited by the sandbox admin: a user of the calling
 * test's own, whose sessions it may end (the sandbox users' sessions are every test's: dashboard-fixtures.ts).
 */
async function invitedUser(browser: Browser, name: string): Promise<string> {
  const admin = await oneClick(browser, 'Sandbox Admin', { at: '/dashboard/users' });
  const email = `invited-${randomBytes(4).toString('hex')}@example.com`;
  const invite = admin.getByTestId('invite-form');
  await invite.getByLabel('Name').fill(name);
  await invite.getByLabel('Email address').fill(email);
  await invite.getByLabel('chargebacks:view').check();
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(admin.getByTestId('users-result')).toBeVisible();
  await admin.context().close();
  return email;
}

/** Tabs until the element with `id` has focus (keyboard only, as a user without a mouse). */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.locator(selector).evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${selector} never took focus`);
}

test.describe('back office sign-in', () => {
  test('by emailed link through the sandbox mailbox, keyboard only; the link works once; sign out everywhere', async ({
    browser,
    page,
  }) => {
    // Not a sandbox user: signing out everywhere would end the sessions the other tests share, mid-test too.
    const email = await invitedUser(browser, 'Everywhere Person');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/sign-in$/);
    await expectNoAxeViolations(page, 'sign-in');
    await tabTo(page, '#sign-in-email');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sign-in-sent')).toBeVisible();
    await expectNoAxeViolations(page, 'check your email');

    const link = await mailedLink(page, email);
    // Opening the link (a mail scanner's GET) uses nothing up.
    await page.goto(link);
    await page.reload();
    await expectNoAxeViolations(page, 'link page');
    await tabTo(page, '[data-testid="use-sign-in-link"]');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('overview-signed-in')).toContainText(email);
    await expectNoAxeViolations(page, 'overview');
    // The session's cookie as the browser keeps it: __Host- (Secure, Path=/, no Domain), HttpOnly, SameSite=Lax, and
    // living no longer than the session's absolute timeout (12 hours).
    const [session] = (await page.context().cookies()).filter((c) => c.name === '__Host-staff-session');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(session!.domain).not.toMatch(/^\./);
    expect(session!.expires * 1000 - Date.now()).toBeLessThanOrEqual(12 * 3600 * 1000);
    expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(11 * 3600 * 1000);

    // The same link again: refused, and said so.
    const again = await (await page.context().browser()!.newContext({ baseURL: sandboxUrl })).newPage();
    await again.goto(link);
    await again.getByTestId('use-sign-in-link').click();
    await expect(again.getByTestId('sign-in-error')).toContainText('used already');
    await expectNoAxeViolations(again, 'link used');

    await page.getByTestId('sign-out-everywhere').click();
    await expect(page.getByTestId('sign-in-result')).toBeVisible();
    await expectNoAxeViolations(page, 'signed out everywhere');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/sign-in$/);
  });

  test('an unknown address gets the same answer as a user (no enumeration)', async ({ page }) => {
    await page.goto('/dashboard/sign-in');
    await page.getByLabel('Email address').fill(`nobody-${randomBytes(3).toString('hex')}@example.com`);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByTestId('sign-in-sent')).toBeVisible();
  });

  test('the sandbox agent (create:booking and create:payment, child organisation) sees no Users page and a forged post is refused', async ({
    browser,
  }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    // The agent belongs to the child organisation: the admin (in the parent) switches to it.
    await admin.getByLabel('Organisation').selectOption({ label: '– Sandbox Travel North' });
    await admin.getByRole('button', { name: 'Show' }).click();
    await expect(admin.getByTestId('overview-organisation')).toContainText('Sandbox Travel North');
    await admin.goto('/dashboard/users');
    await expectNoAxeViolations(admin, 'users');
    // The remove form's Next.js action id, as the admin's page carries it.
    const removeForm = admin.getByTestId('user-row').filter({ hasText: 'agent@' }).locator('form').last();
    const actionField = await removeForm.locator('input[name^="$ACTION_ID_"]').getAttribute('name');
    const agentId = await removeForm.locator('input[name="user"]').inputValue();
    expect(actionField).toBeTruthy();

    const agent = await oneClick(browser, 'Sandbox Agent');
    await expect(agent.getByTestId('nav-users')).toHaveCount(0);
    await expectNoAxeViolations(agent, 'agent overview');
    const page = await agent.goto('/dashboard/users');
    expect(page!.status()).toBe(403);
    await expectNoAxeViolations(agent, 'forbidden');
    // The forged action, as a browser with JavaScript posts it (a fetch action: React's encoding of the form's
    // FormData as the action's one argument): the agent posts the admin's remove form at the agent's own id.
    const forged = await forgeAction(agent, '/dashboard/users', actionField!, { locale: 'en-GB', user: agentId });
    expect(forged.status()).toBe(403);
    // The wrapper's 403, not proxy.ts's refusal of a foreign Origin (which names the refusal page).
    expect(forged.headers()['x-action-redirect']).toBeUndefined();
    // And as a form without JavaScript posts it: a 303 to the refusal page, whose GET is the 403 (Next.js would
    // render forbidden() in a no-JS action as a 404: lib/http/dashboard-refusal.ts); either way nothing runs.
    const forgedForm = await agent.request.post('/dashboard/users', {
      headers: { origin: sandboxUrl },
      multipart: { [actionField!]: '', locale: 'en-GB', user: agentId },
    });
    expect(forgedForm.status()).toBe(403);
    // Nothing changed: the agent is still signed in and still a user.
    await agent.goto('/dashboard');
    await expect(agent.getByTestId('signed-in-as')).toContainText('Sandbox Agent');
    // The sign-in page hides the one-click buttons in production: they do not exist there.
    await agent.goto(`${productionUrl}/`);
    await expect(agent.getByTestId('sandbox-sign-in')).toHaveCount(0);
  });

  test('an admin invites a user, who signs in; removed, their open session ends at the next request', async ({
    browser,
  }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    const email = `invited-${randomBytes(4).toString('hex')}@example.com`;
    await admin.goto('/dashboard/users');
    const invite = admin.getByTestId('invite-form');
    await invite.getByLabel('Name').fill('Invited Person');
    await invite.getByLabel('Email address').fill(email);
    await invite.getByLabel('chargebacks:view').check();
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(admin.getByTestId('users-result')).toBeVisible();
    await expectNoAxeViolations(admin, 'invited');

    const invited = await (await browser.newContext({ baseURL: sandboxUrl })).newPage();
    await invited.goto(await mailedLink(invited, email));
    await invited.getByTestId('use-sign-in-link').click();
    await expect(invited.getByTestId('signed-in-as')).toContainText('Invited Person');

    await admin.getByTestId('user-row').filter({ hasText: email }).getByTestId('remove-user').click();
    await expect(admin.getByTestId('users-result')).toContainText('removed');
    await expectNoAxeViolations(admin, 'removed');
    await invited.goto('/dashboard');
    await expect(invited).toHaveURL(/\/dashboard\/sign-in$/);
  });

  test('usable at 320 px', async ({ browser }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.setViewportSize({ width: 320, height: 800 });
    for (const path of ['/dashboard', '/dashboard/users']) {
      await admin.goto(path);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      await expectNoAxeViolations(admin, `${path} at 320 px`);
    }
    const signedOut = await (
      await browser.newContext({ baseURL: sandboxUrl, viewport: { width: 320, height: 800 } })
    ).newPage();
    await signedOut.goto('/dashboard/sign-in');
    expect(await signedOut.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
