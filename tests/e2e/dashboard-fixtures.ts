import { randomBytes } from 'node:crypto';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { requiredEnv } from './e2e-env';

/*
 * Back-office fixtures shared by the dashboard specs. The sandbox users (docs/dashboard.md):
 * 'Sandbox Admin' holds every role in the parent organisation, 'Sandbox Agent' only
 * booking-and-payment:create:booking and :create:payment in the child.
 *
 * THE RULE FOR NEW TESTS — which sign-in to call:
 *   - `oneClick(browser, name)` (the default): the worker's one session of that sandbox user, in a NEW browser
 *     context of the test's own (cookies from a storage state captured after the worker's first one-click
 *     sign-in), opened on /dashboard showing the user's first organisation, or on the page given as `at` (a test
 *     whose first page is not the overview: one load instead of two). A sign-in under load costs ~11 s
 *     (context, home page, sign-in action, first render); this costs a page load.
 *   - `freshSignIn(browser, name)`: a session of the test's own, through the home page's one-click sign-in, as
 *     every test had before. Use it when the test signs that user out or out everywhere, changes the user's roles
 *     or removes the user, registers or requires passkeys with that user's session, or reads the audit for its
 *     own sign-in. A test that ends sessions of a sandbox user ("sign out everywhere", a removal, a role change)
 *     would end the session every other test of every worker shares, even in the middle of a test: such a
 *     test acts on a user of its own instead (invite one: dashboard-sign-in.spec.ts), never on a sandbox user.
 * What a test may do with the shared session: anything that leaves it signed in. Switching the organisation in
 * view is kept in the session row: the next `oneClick` of the worker switches back to the first organisation.
 * A session found ended or idle (30 min unused) is replaced by a new one-click sign-in, so nothing a test does
 * to it reaches the next test. Two `oneClick` pages of the same user in one test share one session.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Options = Omit<BrowserContextOptions, 'baseURL' | 'storageState'> & {
  /** The back-office page to open (default /dashboard): a test's first page, loaded once rather than after the overview. */
  at?: string;
};

/** Per sandbox user, this worker's session (its cookies) and the organisation a new sign-in shows first. */
const shared = new Map<string, { state: StorageState; organisation: string }>();

/** The home page's one-click sign-in as `name` in `page`; waits for the dashboard it lands on. */
async function signInOnHomePage(page: Page, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('signed-in-as')).toContainText(name);
}

/** A new browser with a session of its own, signed in as the sandbox user `name` through the home page's one-click sign-in. */
export async function freshSignIn(browser: Browser, name: string, options: Options = {}): Promise<Page> {
  return test.step(
    `fresh sign-in as ${name}`,
    async () => {
      const page = await (await browser.newContext({ ...options, baseURL: sandboxUrl })).newPage();
      await signInOnHomePage(page, name);
      return page;
    },
    { box: true },
  );
}

/**
 * A new browser context signed in as the sandbox user `name` with this worker's shared session (see the rule
 * above), on /dashboard, showing the organisation a new sign-in shows. `options`: the context's (viewport,
 * javaScriptEnabled: the switcher and the check need no script).
 */
export async function oneClick(browser: Browser, name: string, options: Options = {}): Promise<Page> {
  const { at = '/dashboard', ...contextOptions } = options;
  const target = new URL(at, sandboxUrl).href;
  return test.step(
    `sign in as ${name} (the worker's session)`,
    async () => {
      const saved = shared.get(name);
      const context = await browser.newContext({ ...contextOptions, baseURL: sandboxUrl, storageState: saved?.state });
      const page = await context.newPage();
      if (saved) {
        await page.goto(at);
        // Still signed in (not sent to the sign-in page), as this user: reuse it. Every back-office page has the
        // shell (who is signed in, the organisation switcher), so the test's own first page tells.
        if (page.url() === target) {
          await expect(page.getByTestId('signed-in-as')).toContainText(name);
          const switcher = page.locator('#organisation-switch');
          if ((await switcher.inputValue()) !== saved.organisation) {
            // A test before switched the organisation in view: back to the first, as a new sign-in shows it.
            await switcher.selectOption(saved.organisation);
            await page.getByRole('button', { name: 'Show' }).click();
            await expect(page).toHaveURL(/\/dashboard\?result=switched$/);
            await page.goto(at);
            await expect(switcher).toHaveValue(saved.organisation);
          }
          return page;
        }
        // Ended (signed out, out everywhere) or idle: a new session replaces it.
        shared.delete(name);
        await context.clearCookies();
      }
      await signInOnHomePage(page, name);
      shared.set(name, {
        state: await context.storageState(),
        organisation: await page.locator('#organisation-switch').inputValue(),
      });
      if (at !== '/dashboard') await page.goto(at);
      return page;
    },
    { box: true },
  );
}

/**
 * A form's server action posted by someone who should not (a forged post), as a browser with JavaScript posts
 * it: a fetch action whose one argument is the form, in React's encoding (react-server-dom's decodeReply):
 * each field as `_1_<name>`, then the root part `0` = `["$K1"]` naming that form. The root goes LAST, as the
 * browser sends it: Next.js decodes the parts as they stream, so a root read before the fields finds an empty
 * form (a plain object would put the integer-like key `0` first). `actionField` is the hidden input's name
 * (`$ACTION_ID_<id>`) read from a page that renders the form.
 */
export async function forgeAction(page: Page, path: string, actionField: string, fields: Record<string, string>) {
  const multipart = new FormData();
  for (const [name, value] of Object.entries(fields)) multipart.append(`_1_${name}`, value);
  multipart.append('0', '["$K1"]');
  return page.request.post(path, {
    headers: {
      origin: sandboxUrl,
      'next-action': actionField.replace(/^\$ACTION_ID_/, ''),
      accept: 'text/x-component',
    },
    multipart,
  });
}

/**
 * A user the admin invites into the organisation the admin's page shows, with `roles` only, signed in (in a context
 * of their own) through the link the sandbox mailbox shows.
 */
export async function invitedUser(browser: Browser, admin: Page, roles: string[], name: string): Promise<Page> {
  const email = `invited-${randomBytes(4).toString('hex')}@example.com`;
  await admin.goto('/dashboard/users');
  const invite = admin.getByTestId('invite-form');
  await invite.getByLabel('Name').fill(name);
  await invite.getByLabel('Email address').fill(email);
  for (const role of roles) await invite.getByLabel(role).check();
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(admin.getByTestId('users-result')).toBeVisible();
  const page = await (await browser.newContext({ baseURL: sandboxUrl })).newPage();
  await page.goto(`/sandbox/mailbox?to=${encodeURIComponent(email)}`);
  const text = await page.getByTestId('mailbox-text').first().textContent();
  const link = /https?:\/\/\S+\/dashboard\/sign-in\/link\?token=[\w-]+/.exec(text ?? '');
  expect(link, `a sign-in link for ${email}`).not.toBeNull();
  await page.goto(link![0]);
  await page.getByTestId('use-sign-in-link').click();
  await expect(page.getByTestId('signed-in-as')).toContainText(name);
  return page;
}
