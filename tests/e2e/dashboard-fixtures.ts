import { expect, type Browser, type Page } from '@playwright/test';
import { requiredEnv } from './e2e-env';

/*
 * Back-office fixtures shared by the dashboard specs. The sandbox users (docs/dashboard.md):
 * 'Sandbox Admin' holds every role in the parent organisation, 'Sandbox Agent' only
 * booking-and-payment:create:booking and :create:payment in the child.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');

/** A new browser signed in as the sandbox user `name` through the home page's one-click sign-in. */
export async function oneClick(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: sandboxUrl })).newPage();
  await page.goto('/');
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('signed-in-as')).toContainText(name);
  return page;
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
