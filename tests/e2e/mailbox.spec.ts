import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from './support/test';
import { requiredEnv } from './e2e-env';
import { expectNoAxeViolations } from './support/axe';

/*
 * The sandbox mailbox: an email queued through the sandbox helper API shows up on
 * /sandbox/mailbox, is delivered there by the background loop, and its HTML body
 * is shown in a sandboxed frame. In production mode none of it exists.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');
const sandboxDataDir = requiredEnv('E2E_SANDBOX_DATA_DIR');

async function sandboxToken(request: APIRequestContext): Promise<string> {
  const { keys } = JSON.parse(fs.readFileSync(path.join(sandboxDataDir, 'sandbox-credentials.json'), 'utf8')) as {
    keys: { public_key: string; private_key: string }[];
  };
  const response = await request.post(`${sandboxUrl}/api/token`, {
    data: { public_key: keys[0]!.public_key, private_key: keys[0]!.private_key },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function sendTestEmail(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.post(`${sandboxUrl}/api/sandbox/emails/test`, {
    headers: { Authorization: `Bearer ${await sandboxToken(request)}` },
    data: { to },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

const uniqueAddress = () => `e2e-${randomBytes(4).toString('hex')}@example.com`;

test.describe('sandbox mailbox', () => {
  test('a test email appears in the mailbox, is delivered there, and its bodies are readable', async ({
    page,
    request,
  }) => {
    const to = uniqueAddress();
    const id = await sendTestEmail(request, to);

    await page.goto('/');
    await page.getByRole('link', { name: /Sandbox mailbox/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/mailbox$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sandbox mailbox');

    // Filter through the form, as a developer would.
    await page.getByLabel('Recipient contains').fill(to);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?to=${encodeURIComponent(to).replace(/\./g, '\\.')}`));
    const email = page.locator(`[data-email-id="${id}"]`);
    await expect(email).toHaveCount(1);
    await expect(page.getByTestId('mailbox-email')).toHaveCount(1);
    await expect(email.getByRole('heading', { level: 2 })).toHaveText('travel-pay sandbox test email');
    await expect(email.getByTestId('mailbox-to')).toHaveText(to);
    await expect(email.getByTestId('mailbox-text')).toContainText(`${sandboxUrl}/sandbox/mailbox`);

    // Without SMTP_URL the background delivery marks it delivered to the mailbox within a few seconds.
    await expect(async () => {
      await page.reload();
      await expect(email).toHaveAttribute('data-status', 'delivered_to_mailbox', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(email).toContainText('Delivered to this mailbox');

    await email.getByText('HTML body').click();
    const frame = email.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator(`[data-email-id="${id}"] iframe`).locator('strong')).toHaveText(
      'travel-pay sandbox',
    );
  });

  test('an unknown recipient shows an empty mailbox, and the page passes axe', async ({ page }) => {
    await page.goto(`/sandbox/mailbox?to=${uniqueAddress()}`);
    await expect(page.getByTestId('mailbox-empty')).toBeVisible();
    await expectNoAxeViolations(page, 'empty mailbox');
  });

  test('/fr/sandbox/mailbox is in French', async ({ page }) => {
    const response = await page.goto('/fr/sandbox/mailbox');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Boîte aux lettres du bac à sable');
  });
});

test.describe('production server', () => {
  test('has no mailbox page and no sandbox helpers', async ({ page, request }) => {
    const response = await page.goto(`${productionUrl}/sandbox/mailbox`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    for (const [method, apiPath] of [
      ['POST', '/api/sandbox/emails/test'],
      ['GET', '/api/sandbox/clock'],
      ['POST', '/api/sandbox/clock'],
    ] as const) {
      const answer = await request.fetch(`${productionUrl}${apiPath}`, {
        method,
        data: method === 'POST' ? {} : undefined,
      });
      expect(answer.status(), `${method} ${apiPath}`).toBe(404);
      expect(((await answer.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('route.not_found');
    }
  });
});
