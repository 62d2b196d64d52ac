import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Locator } from './support/test';
import { requiredEnv } from './e2e-env';
import { expectNoAxeViolations } from './support/axe';

/*
 * The home page and the site pages, in Chromium against the production build.
 * playwright.config.ts starts the two servers and hands over where they are.
 * E2E_HOME_SCREENSHOT=/tmp/home.png saves a full-page screenshot of the sandbox home page.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');
const sandboxDataDir = requiredEnv('E2E_SANDBOX_DATA_DIR');

type StoredKey = { public_key: string; private_key: string | null; organisation: string };
type Envelope<T> = { data: T; errors: { code: string }[]; meta: { code: number } };

function storedCredentials(): { keys: StoredKey[] } {
  return JSON.parse(fs.readFileSync(path.join(sandboxDataDir, 'sandbox-credentials.json'), 'utf8'));
}

/** Each word found in the text, with a little of what surrounds it (short failure messages). */
function occurrences(text: string, words: string[]): string[] {
  return words.flatMap((word) => {
    const at = text.indexOf(word);
    return at < 0 ? [] : [`"${word}" in …${text.slice(Math.max(0, at - 60), at + word.length + 60)}…`];
  });
}

/** The <dd> that follows the <dt> with exactly this label, inside one key card. */
const definition = (card: Locator, term: string) => card.locator(`dt:text-is("${term}") + dd`);

test.describe('sandbox server', () => {
  test('home page shows the sandbox keys of this instance and a working curl example', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('travel-pay sandbox');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

    const cards = page.getByTestId('sandbox-key');
    await expect(cards).toHaveCount(2);
    const stored = storedCredentials();
    expect(stored.keys).toHaveLength(2);
    for (const [index, key] of stored.keys.entries()) {
      const card = cards.nth(index);
      await expect(definition(card, 'Public key')).toHaveText(key.public_key);
      expect(key.private_key).toBeTruthy();
      await expect(definition(card, 'Private key')).toHaveText(key.private_key!);
      await expect(definition(card, 'Organisation')).toHaveText(key.organisation);
    }

    const curl = page.getByTestId('curl-token');
    await expect(curl).toContainText(`${sandboxUrl}/api/token`);
    await expect(curl).toContainText(stored.keys[0]!.public_key);
    await expect(curl).toContainText(stored.keys[0]!.private_key!);

    if (process.env.E2E_HOME_SCREENSHOT) {
      await page.screenshot({ path: process.env.E2E_HOME_SCREENSHOT, fullPage: true });
    }
  });

  test('the keys shown on the home page get a token that lists the sandbox bookings', async ({ page, request }) => {
    await page.goto('/');
    const firstCard = page.getByTestId('sandbox-key').first();
    const publicKey = (await definition(firstCard, 'Public key').textContent())?.trim() ?? '';
    const privateKey = (await definition(firstCard, 'Private key').textContent())?.trim() ?? '';
    expect(publicKey).toMatch(/^pk_sandbox_/);
    expect(privateKey).toMatch(/^sk_sandbox_/);

    const tokenResponse = await request.post(`${sandboxUrl}/api/token`, {
      data: { public_key: publicKey, private_key: privateKey },
    });
    expect(tokenResponse.status(), await tokenResponse.text()).toBe(200);
    const token = (await tokenResponse.json()) as Envelope<{ token: string; type: string; expiry_time: number }>;
    expect(token.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(token.data.type).toBe('BEARER');

    const bookingsResponse = await request.post(`${sandboxUrl}/api/agent/bookings`, {
      headers: { Authorization: `Bearer ${token.data.token}` },
      // Other specs add bookings to this server's organisation: ask for the seeded ones by their prefix.
      data: { organisation: 'org_sandbox_travel', keyword: 'SBX-100' },
    });
    expect(bookingsResponse.status(), await bookingsResponse.text()).toBe(200);
    const bookings = (await bookingsResponse.json()) as Envelope<{ booking_reference: string }[]>;
    const references = bookings.data.map((booking) => booking.booking_reference);
    expect(references).toEqual(expect.arrayContaining(['SBX-1001', 'SBX-1002', 'SBX-1003', 'SBX-1004']));
  });

  test('the wrong private key gets no token', async ({ request }) => {
    const [key] = storedCredentials().keys;
    const response = await request.post(`${sandboxUrl}/api/token`, {
      data: { public_key: key!.public_key, private_key: 'sk_sandbox_wrong' },
    });
    expect(response.status()).toBe(401);
    const body = (await response.json()) as Envelope<unknown>;
    expect(body.errors[0]?.code).toBe('auth.invalid_credentials');
  });

  test('/fr is the French home page', async ({ page }) => {
    const response = await page.goto('/fr');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bac à sable travel-pay');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('an unknown page is the friendly 404, without internals', async ({ page }) => {
    const response = await page.goto('/no-such-page/really');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/\bat .+:\d+:\d+/); // a stack frame
    expect(text).not.toMatch(/node_modules|\.tsx?\b|Error:/);
  });

  test('/docs/errors lists the error codes', async ({ page }) => {
    const response = await page.goto('/docs/errors');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('API error codes');
    await expect(page.getByRole('cell', { name: 'auth.missing_token', exact: true })).toBeVisible();
  });

  test('home page lists recent webhook deliveries: a test event reaches a local receiver through the runner', async ({
    page,
    request,
  }) => {
    // The merchant's receiver, on this machine: the sandbox allows http and local addresses.
    const received: string[] = [];
    const receiver = http.createServer((req, res) => {
      received.push(String(req.headers['x-event-type']));
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const [key] = storedCredentials().keys;
      const token = (
        (await (
          await request.post(`${sandboxUrl}/api/token`, {
            data: { public_key: key!.public_key, private_key: key!.private_key },
          })
        ).json()) as Envelope<{ token: string }>
      ).data.token;
      const headers = { Authorization: `Bearer ${token}` };
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const created = await request.put(`${sandboxUrl}/api/agent/webhooks`, {
        headers,
        data: { organisation: key!.organisation, url, event_types: ['transaction.completed'] },
      });
      expect(created.status(), await created.text()).toBe(200);
      const endpoint = ((await created.json()) as Envelope<{ id: string }>).data;
      expect((await request.post(`${sandboxUrl}/api/agent/webhooks/${endpoint.id}/test`, { headers })).status()).toBe(
        200,
      );
      // The server's own runner delivers it within a pass (RUNNER_INTERVAL_MS, 5 s by default). Only the test event
      // is counted: the organisation is the sandbox's shared one, so other specs' payments may send it
      // transaction.completed events meanwhile.
      await expect.poll(() => received.filter((type) => type === 'webhook.test').length, { timeout: 20_000 }).toBe(1);
      await expect(async () => {
        await page.goto('/');
        const row = page
          .getByTestId('sandbox-webhook-delivery')
          .filter({ hasText: url })
          .filter({ hasText: 'webhook.test' });
        await expect(row).toHaveCount(1, { timeout: 1000 });
        await expect(row.getByRole('cell')).toHaveText(['webhook.test', url, 'Delivered', '1', '204', /\d{4}/], {
          timeout: 1000,
        });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 2, name: 'Recent webhook deliveries' })).toBeVisible();
      await expectNoAxeViolations(page, 'sandbox home with webhook deliveries');
      // At 320 px the deliveries are stacked rows: the page does not scroll sideways.
      await page.setViewportSize({ width: 320, height: 640 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the home page at 320 px with webhook deliveries scrolls sideways').toBeLessThanOrEqual(0);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  test('home page passes axe (WCAG 2.2 AA, no violation of any impact)', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('sandbox-key')).toHaveCount(2);
    await expectNoAxeViolations(page, 'sandbox home');
  });
});

test.describe('production server', () => {
  test.use({ baseURL: productionUrl });

  const sandboxWords = ['pk_sandbox', 'sk_sandbox', 'private', 'SANDBOX'];

  test('home page shows the production text and nothing of the sandbox', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('travel-pay');
    await expect(page.getByText('Payment pages for travel companies.')).toBeVisible();
    await expect(page.getByTestId('sandbox-key')).toHaveCount(0);

    // What the page renders: the document's head and body without the framework's scripts.
    const rendered = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('script').forEach((script) => script.remove());
      return copy.outerHTML;
    });
    expect(occurrences(rendered, sandboxWords), 'sandbox words in the rendered production home page').toEqual([]);
  });

  test('the production HTML carries no sandbox keys or sandbox copy', async ({ request }) => {
    // The whole response, including the React Server Components payload and the
    // messages handed to client components: none of it may mention the sandbox keys.
    const response = await request.get(`${productionUrl}/`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(occurrences(html, sandboxWords), "sandbox words in the production home page's HTML").toEqual([]);
  });
});
