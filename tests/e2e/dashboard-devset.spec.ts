import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from './support/test';
import { call } from './card-fixtures';
import { createLink } from './checkout-fixtures';
import { forgeAction, oneClick } from './dashboard-fixtures';
import { requiredEnv } from './e2e-env';
import { expectNoAxeViolations } from './support/axe';

/*
 * The back office's Developers and Settings pages (issue 18, docs/dashboard-devset.md): an API key created with one
 * role, its private key read once and used with curl and an HTTP request, then revoked; a webhook endpoint whose test
 * event reaches a receiver on this machine, replayed, its secret rotated; settings changed and seen on the hosted
 * checkout; an agent refused on both pages and on forged posts; axe on every page and state; 320 px; no JavaScript.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
// The child organisation, so the other specs' checkouts (the parent's) keep their name and colours.
const CHILD = 'org_sandbox_travel_north';
const CHILD_NAME = 'Sandbox Travel North';
// Each journey takes up to two minutes on a loaded 2-core machine.
test.setTimeout(240_000);

async function noHorizontalScroll(page: Page, label: string) {
  await page.setViewportSize({ width: 320, height: 640 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} at 320 px scrolls sideways`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The admin's session in a browser without JavaScript (a form posts and the server answers a whole page). */
async function withoutJavaScript(browser: Browser, signedIn: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: sandboxUrl,
    javaScriptEnabled: false,
    storageState: await signedIn.context().storageState(),
  });
  return context.newPage();
}

/** POST /api/token with curl when the machine has it (the "used with curl"), else with Playwright's request. */
function curlJson(args: string[]): { status: number; body: string } {
  const out = execFileSync('curl', ['-s', '-w', '\n%{http_code}', ...args], { encoding: 'utf8' });
  const at = out.lastIndexOf('\n');
  return { status: Number(out.slice(at + 1)), body: out.slice(0, at) };
}
const hasCurl = ['/usr/bin/curl', '/bin/curl', '/usr/local/bin/curl'].some((path) => fs.existsSync(path));

test.describe('back office: developers', () => {
  test('an API key with one role: private key shown once, used with curl, revoked; also without JavaScript', async ({
    browser,
    request,
  }) => {
    const admin = await oneClick(browser, 'Sandbox Admin', { at: '/dashboard/developers' });
    await expectNoAxeViolations(admin, 'developers');
    const name = `Robot ${randomBytes(3).toString('hex')}`;
    const form = admin.getByTestId('create-key-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('booking-and-payment:create:booking').check();
    await form.getByRole('button', { name: 'Create key' }).click();
    const privateKey = (await admin.getByTestId('new-private-key').textContent())!.trim();
    const publicKey = (await admin.getByTestId('new-public-key').textContent())!.trim();
    expect(privateKey.length).toBeGreaterThan(20);
    // Listed (without its private key) beside the once-only notice; the address holds nothing of it.
    await expect(admin.getByTestId('key-row').filter({ hasText: name })).toContainText(
      'booking-and-payment:create:booking',
    );
    expect(admin.url()).not.toContain(privateKey);
    await expectNoAxeViolations(admin, 'key created');
    await noHorizontalScroll(admin, 'developers with a new key');
    await admin.reload();
    await expect(admin.getByTestId('new-private-key')).toHaveCount(0);
    expect(await admin.content()).not.toContain(privateKey);

    // The key at work: a token for it, then a list of bookings (curl where the machine has it, and Playwright's request).
    const keys = JSON.stringify({ public_key: publicKey, private_key: privateKey });
    let token: string;
    if (hasCurl) {
      const issued = curlJson([
        '-X',
        'POST',
        `${sandboxUrl}/api/token`,
        '-H',
        'Content-Type: application/json',
        '-d',
        keys,
      ]);
      expect(issued.status, issued.body).toBe(200);
      token = JSON.parse(issued.body).data.token;
      const listed = curlJson([
        '-X',
        'POST',
        `${sandboxUrl}/api/agent/bookings`,
        '-H',
        `Authorization: Bearer ${token}`,
        '-H',
        'Content-Type: application/json',
        '-d',
        JSON.stringify({ organisation: 'org_sandbox_travel' }),
      ]);
      expect(listed.status, listed.body).toBe(200);
    } else {
      const issued = await request.post(`${sandboxUrl}/api/token`, { data: JSON.parse(keys) });
      expect(issued.status()).toBe(200);
      token = (await issued.json()).data.token;
    }
    const bookings = () =>
      request.post(`${sandboxUrl}/api/agent/bookings`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { organisation: 'org_sandbox_travel' },
      });
    expect((await bookings()).status()).toBe(200);

    await admin.getByTestId('key-row').filter({ hasText: name }).getByTestId('revoke-key').click();
    await expect(admin.getByTestId('developers-result')).toBeVisible();
    await expect(admin.getByTestId('key-row').filter({ hasText: name })).toHaveCount(0);
    await expectNoAxeViolations(admin, 'key revoked');
    // Its token stops at once (the API's 403 auth.invalid_token) and the pair gets no new token (401).
    expect((await bookings()).status()).toBe(403);
    expect((await request.post(`${sandboxUrl}/api/token`, { data: JSON.parse(keys) })).status()).toBe(401);

    // Without JavaScript: the form posts, and the POST's own response shows the private key once.
    const plain = await withoutJavaScript(browser, admin);
    await plain.goto('/dashboard/developers');
    const plainForm = plain.getByTestId('create-key-form');
    const plainName = `${name} no-JS`;
    await plainForm.getByLabel('Name').fill(plainName);
    await plainForm.getByLabel('booking-and-payment:create:booking').check();
    await plainForm.getByRole('button', { name: 'Create key' }).click();
    await expect(plain.getByTestId('new-private-key')).toHaveText(/\S{20,}/);
    await plain.goto('/dashboard/developers');
    await expect(plain.getByTestId('new-private-key')).toHaveCount(0);
    await plain.getByTestId('key-row').filter({ hasText: plainName }).getByTestId('revoke-key').click();
    await expect(plain.getByTestId('developers-result')).toBeVisible();
  });

  test('a webhook endpoint: a test event reaches the receiver, its delivery is listed and replayed, the secret rotated', async ({
    browser,
  }) => {
    const received: string[] = [];
    const receiver = http.createServer((req, res) => {
      received.push(String(req.headers['x-event-type']));
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const admin = await oneClick(browser, 'Sandbox Admin', { at: '/dashboard/developers' });
      const form = admin.getByTestId('create-endpoint-form');
      await form.getByLabel('Address').fill(url);
      await form.getByLabel('transaction.completed').check();
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await admin.getByTestId('endpoint-secret').textContent())!.trim();
      expect(secret.length).toBeGreaterThan(10);
      await expectNoAxeViolations(admin, 'endpoint added');

      await admin.getByRole('link', { name: url }).first().click();
      await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Webhook endpoint');
      await expect(admin.getByTestId('deliveries-none')).toBeVisible();
      await expectNoAxeViolations(admin, 'endpoint page');
      await admin.getByTestId('send-test').click();
      await expect(admin.getByTestId('endpoint-result')).toBeVisible();
      // The server's runner delivers it within a pass (RUNNER_INTERVAL_MS).
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
      expect(received).toEqual(['webhook.test']);
      await expect(async () => {
        await admin.reload();
        await expect(admin.getByTestId('delivery-row')).toHaveAttribute('data-status', 'delivered', { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(admin.getByTestId('delivery-row')).toContainText('204');
      await expectNoAxeViolations(admin, 'endpoint with a delivery');
      await noHorizontalScroll(admin, 'endpoint page');

      await admin.getByTestId('replay').click();
      await expect(admin.getByTestId('endpoint-result')).toBeVisible();
      await expect(admin.getByTestId('delivery-row')).toHaveCount(2);
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);

      await admin.getByRole('button', { name: 'Rotate the signing secret' }).click();
      const rotated = (await admin.getByTestId('endpoint-secret').textContent())!.trim();
      expect(rotated).not.toBe(secret);
      await expectNoAxeViolations(admin, 'secret rotated');

      // An endpoint nobody here can reach: 404, as the API answers.
      const unknown = await admin.goto('/dashboard/developers/webhooks/00000000-0000-4000-8000-000000000000');
      expect(unknown!.status()).toBe(404);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

test.describe('back office: a webhook endpoint changed without the API', () => {
  test('its address, description and event types changed; disabled and enabled; deleted after a confirmation; the agent is refused', async ({
    browser,
    request,
  }) => {
    // Nothing listens there and it takes events the suite hardly sends: no delivery is needed here.
    const url = `http://127.0.0.1:9/hooks-${randomBytes(4).toString('hex')}`;
    const endpoint = await call(request, 'sandbox', 'PUT', '/agent/webhooks', {
      organisation: 'org_sandbox_travel',
      url,
      event_types: ['chargeback.updated'],
    });
    const page = `/dashboard/developers/webhooks/${endpoint.id}`;
    const admin = await oneClick(browser, 'Sandbox Admin', { at: page });
    const form = admin.getByTestId('endpoint-edit-form');
    await expect(form.getByLabel('Address')).toHaveValue(url);
    await expect(form.getByLabel('chargeback.updated')).toBeChecked();
    await expectNoAxeViolations(admin, 'endpoint page with its changes');

    // A refused address comes back with what was typed, and nothing changed.
    await form.getByLabel('Address').fill('ftp://example.com/hooks');
    await form.getByTestId('endpoint-save').click();
    await expect(admin.getByTestId('endpoint-error')).toBeVisible();
    await expect(admin.getByTestId('endpoint-edit-form').getByLabel('Address')).toHaveValue('ftp://example.com/hooks');
    await expect(admin.getByTestId('endpoint-details')).toContainText(url);

    await form.getByLabel('Address').fill(`${url}/v2`);
    await form.getByLabel('Description (optional)').fill('Chargebacks to the finance system');
    await form.getByLabel('chargeback.opened').check();
    await form.getByTestId('endpoint-save').click();
    await expect(admin.getByTestId('endpoint-result')).toHaveText('The endpoint is changed.');
    const details = admin.getByTestId('endpoint-details');
    await expect(details).toContainText(`${url}/v2`);
    await expect(details).toContainText('Chargebacks to the finance system');
    await expect(details).toContainText('chargeback.opened');

    // Disabled without JavaScript: a test event is then refused; enabled again.
    const plain = await oneClick(browser, 'Sandbox Admin', { javaScriptEnabled: false, at: page });
    await plain.getByTestId('endpoint-status-toggle').click();
    await expect(plain.getByTestId('endpoint-result')).toHaveText(
      'The endpoint is disabled: it receives nothing until you enable it.',
    );
    await expect(plain.getByTestId('endpoint-details')).toContainText('Disabled');
    await plain.getByTestId('send-test').click();
    await expect(plain.getByTestId('endpoint-error')).toContainText('The endpoint is disabled');
    await plain.getByTestId('endpoint-status-toggle').click();
    await expect(plain.getByTestId('endpoint-result')).toHaveText(
      'The endpoint is enabled: new events are delivered to it.',
    );
    await expect(plain.getByTestId('endpoint-details')).toContainText('Enabled');

    // The agent lacks developers:manage:webhooks: a forged delete is refused and changes nothing (the admin's own
    // delete below finds the endpoint still there). Posted where the action lives, as a browser would.
    await admin.goto(page);
    await admin.getByTestId('endpoint-delete-start').click();
    await expect(admin).toHaveURL(new RegExp(`${page}\\?confirm=delete$`));
    await expect(admin.getByTestId('endpoint-delete-confirm')).toContainText(`${url}/v2`);
    await expectNoAxeViolations(admin, 'endpoint delete confirmation');
    const deleteAction = await admin
      .getByTestId('endpoint-delete-confirm')
      .locator('input[name^="$ACTION_ID_"]')
      .getAttribute('name');
    const agent = await oneClick(browser, 'Sandbox Agent');
    const forged = await forgeAction(agent, '/dashboard/developers', deleteAction!, {
      locale: 'en-GB',
      endpoint: endpoint.id,
    });
    expect(forged.status()).toBe(403);

    await admin.getByTestId('endpoint-delete').click();
    await expect(admin).toHaveURL(/\/dashboard\/developers\?result=endpoint-deleted$/);
    await expect(admin.getByTestId('developers-result')).toHaveText(
      'The endpoint is deleted: nothing more is delivered to it.',
    );
    await expect(admin.getByRole('link', { name: `${url}/v2` })).toHaveCount(0);
    expect((await admin.goto(page))!.status()).toBe(404);
  });
});

test.describe('back office: settings', () => {
  test('name and colour (with the live contrast check) are saved and seen on the hosted checkout; no-JS save', async ({
    browser,
    request,
  }) => {
    const admin = await oneClick(browser, 'Sandbox Admin');
    await admin.getByLabel('Organisation').selectOption({ label: `– ${CHILD_NAME}` });
    await admin.getByRole('button', { name: 'Show' }).click();
    await admin.goto('/dashboard/settings');
    await expectNoAxeViolations(admin, 'settings');
    const identity = admin.getByTestId('settings-identity');
    const renamed = `${CHILD_NAME} ${randomBytes(2).toString('hex')}`;
    try {
      await identity.getByLabel('Organisation name').fill(renamed);
      const colour = identity.getByLabel('Brand colour (optional)');
      // The live check: a pale yellow fails the page's 3:1, a dark blue passes with white text.
      await colour.fill('#ffff66');
      await expect(admin.getByTestId('contrast-verdict')).toHaveAttribute('data-verdict', 'refused');
      await expectNoAxeViolations(admin, 'contrast refused');
      await colour.fill('#0b5cad');
      await expect(admin.getByTestId('contrast-verdict')).toHaveAttribute('data-verdict', '#ffffff');
      await expect(admin.getByTestId('contrast-page')).toContainText('6.');
      await identity.getByRole('button', { name: 'Save Name and brand' }).click();
      await expect(admin.getByTestId('settings-result')).toBeVisible();
      await expect(identity.getByLabel('Organisation name')).toHaveValue(renamed);
      await expectNoAxeViolations(admin, 'settings saved');
      await noHorizontalScroll(admin, 'settings');

      const link = await createLink(request, { organisation: CHILD });
      const checkout = await browser.newPage({ baseURL: sandboxUrl });
      await checkout.goto(`/${link}`);
      await expect(checkout.getByTestId('checkout-organisation')).toHaveText(renamed);
      await expect(checkout.locator('link[href="/brand/0b5cad.css"]')).toHaveCount(1);

      // Without JavaScript: one group saved by a plain form post.
      const plain = await withoutJavaScript(browser, admin);
      await plain.goto('/dashboard/settings');
      await expect(plain.getByTestId('contrast-verdict')).toHaveAttribute('data-verdict', '#ffffff');
      const legal = plain.getByTestId('settings-legal');
      const number = `NOJS${randomBytes(2).toString('hex')}`;
      await legal.getByLabel('Company number').fill(number);
      await legal.getByRole('button', { name: 'Save Legal details' }).click();
      await expect(plain.getByTestId('settings-result')).toBeVisible();
      await expect(plain.getByTestId('settings-legal').getByLabel('Company number')).toHaveValue(number);
      await legal.getByLabel('Company number').fill('');
      await plain.getByTestId('settings-legal').getByRole('button', { name: 'Save Legal details' }).click();
      await expect(plain.getByTestId('settings-result')).toBeVisible();
    } finally {
      await admin.goto('/dashboard/settings');
      await identity.getByLabel('Organisation name').fill(CHILD_NAME);
      await identity.getByLabel('Brand colour (optional)').fill('');
      await identity.getByRole('button', { name: 'Save Name and brand' }).click();
      await expect(admin.getByTestId('settings-result')).toBeVisible();
    }
  });
});

test.describe('back office: developers and settings refused', () => {
  test('an agent gets 403 on both pages and on forged posts; nothing changes', async ({ browser }) => {
    const admin = await oneClick(browser, 'Sandbox Admin', { at: '/dashboard/settings' });
    const identityForm = admin.getByTestId('settings-identity');
    const settingsAction = await identityForm.locator('input[name^="$ACTION_ID_"]').getAttribute('name');
    await admin.goto('/dashboard/developers');
    // A key to aim a forged revoke at: the admin's page lists it with its revoke form.
    const keyName = `Target ${randomBytes(3).toString('hex')}`;
    await admin.getByTestId('create-key-form').getByLabel('Name').fill(keyName);
    await admin.getByTestId('create-key-form').getByLabel('chargebacks:view').check();
    await admin.getByTestId('create-key-form').getByRole('button', { name: 'Create key' }).click();
    await expect(admin.getByTestId('key-row').filter({ hasText: keyName })).toHaveCount(1);
    // The server's HTML (rows React rendered after the action carry no $ACTION_ID_ field: that is for no-JS posts).
    await admin.goto('/dashboard/developers');
    const revokeForm = admin.getByTestId('key-row').filter({ hasText: keyName }).locator('form');
    const revokeAction = await revokeForm.locator('input[name^="$ACTION_ID_"]').getAttribute('name');
    const keyId = await revokeForm.locator('input[name="key"]').inputValue();
    expect(settingsAction && revokeAction).toBeTruthy();

    const agent = await oneClick(browser, 'Sandbox Agent');
    await expect(agent.getByTestId('nav-developers')).toHaveCount(0);
    await expect(agent.getByTestId('nav-settings')).toHaveCount(0);
    for (const path of ['/dashboard/developers', '/dashboard/settings', `/dashboard/developers/webhooks/${keyId}`]) {
      const response = await agent.goto(path);
      expect(response!.status(), path).toBe(403);
    }
    await expectNoAxeViolations(agent, 'forbidden');
    // Forged as a browser with JavaScript posts an action (React's encoding of the form as its one argument).
    const forge = (path: string, action: string, fields: Record<string, string>) =>
      forgeAction(agent, path, action, fields);
    expect((await forge('/dashboard/developers', revokeAction!, { locale: 'en-GB', key: keyId })).status()).toBe(403);
    expect(
      (
        await forge('/dashboard/settings', settingsAction!, {
          locale: 'en-GB',
          name: 'Taken over',
          country: 'GB',
          logo_url: '',
          brand_colour: '',
        })
      ).status(),
    ).toBe(403);
    // Nothing changed: the key is still listed and the organisation keeps its name.
    await admin.goto('/dashboard/developers');
    await expect(admin.getByTestId('key-row').filter({ hasText: keyName })).toHaveCount(1);
    await admin.goto('/dashboard/settings');
    await expect(admin.getByTestId('settings-identity').getByLabel('Organisation name')).not.toHaveValue('Taken over');
    await admin.goto('/dashboard/developers');
    await admin.getByTestId('key-row').filter({ hasText: keyName }).getByTestId('revoke-key').click();
    await expect(admin.getByTestId('developers-result')).toBeVisible();
  });
});
