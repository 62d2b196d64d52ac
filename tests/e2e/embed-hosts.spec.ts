import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import {
  createSession,
  deleteSession,
  embedFrame,
  fillCardIn,
  merchantServer,
  received,
  sandboxKey,
  sandboxUrl,
  setEmbedOrigins,
  waitForMessage,
} from './embed-fixtures';

/*
 * The embedded checkout's hosts: which parent origins may frame it (frame-ancestors
 * from the organisation's setting), the React Native WebView bridge, axe on its
 * states, and the sandbox home page's example merchant page. embed.spec.ts: the journeys.
 */
const merchant = merchantServer();
const openMerchant = merchant.open;

test.describe('embedded checkout: its hosts', () => {
  test("frame-ancestors: the organisation's allowed origins may frame it, any other origin may not", async ({
    page,
    request,
  }) => {
    const organisation = 'org_sandbox_travel_north';
    const allowed = `http://merchant.localhost:${merchant.port()}`;
    await setEmbedOrigins(request, organisation, [allowed]);
    try {
      const id = await createSession(request, { organisation });
      const response = await request.get(`${sandboxUrl}/embed/${id}`);
      expect(response.headers()['content-security-policy']?.split(/;\s*/)).toContain(`frame-ancestors ${allowed}`);
      expect(response.headers()['x-frame-options']).toBeUndefined();
      await openMerchant(page, id);
      await waitForMessage(page, { stage: 'rendered' });

      await openMerchant(page, id, { host: 'elsewhere.localhost' });
      await page.waitForTimeout(1500);
      expect(await received(page)).toEqual([]);
      await expect(embedFrame(page).getByTestId('embed')).toHaveCount(0);

      // A changed setting holds from the next request: none set, any page may frame it (sandbox).
      await setEmbedOrigins(request, organisation, []);
      await openMerchant(page, id, { host: 'elsewhere.localhost' });
      await waitForMessage(page, { stage: 'rendered' });
    } finally {
      await setEmbedOrigins(request, organisation, []);
    }
  });

  test('the React Native bridge: the same strings go to window.ReactNativeWebView, which may send INITIATE_PAY', async ({
    page,
    request,
  }) => {
    const id = await createSession(request);
    await page.addInitScript(() => {
      const w = window as unknown as { native: string[]; ReactNativeWebView: { postMessage(m: string): void } };
      w.native = [];
      w.ReactNativeWebView = { postMessage: (message: string) => w.native.push(message) };
    });
    await page.goto(`${sandboxUrl}/embed/${id}?hpb=1`);
    const native = async () =>
      (await page.evaluate(() => (window as unknown as { native: string[] }).native)).map((m) => JSON.parse(m));
    await expect.poll(async () => (await native()).some((m) => m.stage === 'rendered')).toBe(true);
    expect((await native()).some((m) => typeof m.iframe_height === 'number')).toBe(true);
    await fillCardIn(page, '4111 1111 1111 1111');
    // What react-native-webview's postMessage does in the page: a message event from no other window.
    await page.evaluate(
      (key) => window.postMessage(JSON.stringify({ type: 'INITIATE_PAY', payload: key }), '*'),
      sandboxKey().public_key,
    );
    await expect
      .poll(async () => (await native()).filter((m) => m.stage).map((m) => m.stage))
      .toEqual(['rendered', 'processing', 'success']);
  });

  test('axe: the embed has no violations in its states', async ({ page, request }) => {
    // Four axe runs and two payments: more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    const id = await createSession(request, { open_banking_enabled: true });
    const deleted = await createSession(request);
    await deleteSession(request, deleted);
    await page.goto(`${sandboxUrl}/embed/${id}`);
    await expectNoAxeViolations(page, 'embed: form');
    await fillCardIn(page, '4000 0000 0000 0002');
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('declined')).toBeVisible();
    await expectNoAxeViolations(page, 'embed: declined');
    await fillCardIn(page, '4111 1111 1111 1111');
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('paid-title')).toBeVisible();
    await expectNoAxeViolations(page, 'embed: paid');
    await page.goto(`${sandboxUrl}/embed/${deleted}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This payment is not available');
    await expectNoAxeViolations(page, 'embed: not found');
  });
});

test('the sandbox home page links to a ready-made session on the example merchant page, which pays in its frame', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.getByTestId('sample-embed').click();
  await expect(page).toHaveURL(/\/embed-example\.html\?session=/);
  const frame = page.frameLocator('#payment-iframe iframe');
  await expect(frame.getByTestId('checkout-amount')).toHaveText('£45.00');
  await expect(page.locator('#message-log')).toContainText('"stage":"rendered"');
  await expectNoAxeViolations(page, 'example merchant page');
  await fillCardIn(frame, '4111 1111 1111 1111');
  await frame.getByTestId('pay-button').click();
  await expect(page.locator('#message-log')).toContainText('"stage":"success"');
  // Paid: the home page now offers a new session.
  const paid = new URL(page.url()).searchParams.get('session');
  await page.goto('/');
  expect(
    new URL((await page.getByTestId('sample-embed').getAttribute('href')) ?? '', sandboxUrl).searchParams.get(
      'session',
    ),
  ).not.toBe(paid);
  // A static file, served outside proxy.ts: Next.js's own headers only (docs/embed-protocol.md).
  const headers = (await request.get(`${sandboxUrl}/embed-example.html`)).headers();
  expect(headers['content-security-policy']).toBeUndefined();
});

test('a payment waiting at 3-D Secure: the embed says processing with its id and offers cancel, which brings the form back', async ({
  page,
  request,
}) => {
  const id = await createSession(request);
  await page.goto(`${sandboxUrl}/embed/${id}?hpb=1`);
  await fillCardIn(page, '4212 3456 7891 0006');
  await page.evaluate(
    (key) => window.postMessage({ type: 'INITIATE_PAY', payload: key }, '*'),
    sandboxKey().public_key,
  );
  // Top level (no parent, no React Native host): INITIATE_PAY from the page itself is ignored.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(new RegExp(`/embed/${id}\\?hpb=1$`));
  await page.evaluate(() => document.querySelector<HTMLFormElement>('[data-embed-pay] form')!.requestSubmit());
  await expect(page).toHaveURL(/\/sandbox\/3ds\//);
  await page.goto(`${sandboxUrl}/embed/${id}?hpb=1`);
  await expect(page.getByTestId('away')).toBeVisible();
  await expectNoAxeViolations(page, 'embed: away');
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/embed/${id}\\?hpb=1$`));
  await expect(page.getByTestId('card-form')).toBeVisible();
});
