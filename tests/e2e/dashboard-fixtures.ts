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

