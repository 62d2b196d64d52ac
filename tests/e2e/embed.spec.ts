import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { startMerchantServer } from './support/sdk-parent';
import {
  createSession, deleteSession, embedFrame, fillCardIn, getTransaction, received, sandboxKey, sandboxUrl, setEmbedOrigins, stages, waitForMessage,
} from './embed-fixtures';

/*
 * The embedded checkout (/embed/{ecommerce_id}) driven from a merchant's page on
 * another origin that frames it exactly as the vendor SDK does (support/sdk-parent.ts),
 * recording every message it receives: product.md section 6 in full.
 */
let merchant: Awaited<ReturnType<typeof startMerchantServer>>;
test.beforeAll(async () => { merchant = await startMerchantServer(sandboxUrl); });
test.afterAll(async () => { await merchant.close(); });

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Opens the merchant's page (host: merchant.localhost by default) framing the session with these flags. */
async function openMerchant(page: Page, session: string, { flags = '', host = 'merchant.localhost', key = sandboxKey().public_key } = {}) {
  const query = new URLSearchParams({ session, flags, key });
  await page.goto(`http://${host}:${merchant.port}/?${query}`);
}

test.describe('embedded checkout, framed as the SDK frames it', () => {
  test('a card payment: rendered, iframe_height, processing, success with the transaction id; a re-render shows it paid', async ({ page, request }) => {
    const id = await createSession(request);
    await openMerchant(page, id);
    await waitForMessage(page, { stage: 'rendered' });
    const frame = embedFrame(page);
    await expect(frame.getByTestId('checkout-amount')).toHaveText('£45.00');
    // iframe_height: the SDK sizes the frame to the content (its default is 500px).
    const height = (await received(page)).find((m) => 'iframe_height' in m)!.iframe_height as number;
    expect(height).toBeGreaterThan(500);
    await expect.poll(async () => page.evaluate(() => document.querySelector<HTMLIFrameElement>('#payment-iframe iframe')!.style.height)).toBe(
      `${(await received(page)).filter((m) => 'iframe_height' in m).at(-1)!.iframe_height}px`,
    );
    // Sized to its content: the frame's document needs no scrolling.
    expect(await frame.locator('body').evaluate((body) => body.ownerDocument.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    await fillCardIn(frame, '4111 1111 1111 1111');
    await frame.getByRole('button', { name: 'Pay £45.00' }).click();
    const success = await waitForMessage(page, { stage: 'success' });
    expect(success.transactionID).toMatch(uuid);
    expect((await stages(page)).map((m) => m.stage)).toEqual(['rendered', 'processing', 'success']);
    // Every message was a JSON string, which is all the SDK can parse.
    expect((await received(page)).filter((m) => 'notAString' in m)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sdk: { getStatus(): string } }).sdk.getStatus())).toBe('success');
    await expect(frame.getByTestId('receipt-method')).toHaveText('VISA ending 1111');
    const transaction = await getTransaction(request, success.transactionID as string);
    expect(transaction).toMatchObject({ status: 'COMPLETE', method: 'ONLINE', amount: 4500 });
    expect(page.url()).toContain(`merchant.localhost:${merchant.port}`);

    // The SDK re-renders the frame every 15 minutes only while 'preload' or 'rendered'; a page
    // reloaded by the merchant (or that re-render, forced here) shows the paid state, never a form.
    await page.evaluate(() => {
      const w = window as unknown as { sdk: { setStatus(s: string): void; refreshTick(id: string): void }; recorded: unknown[] };
      w.recorded.length = 0;
      w.sdk.setStatus('rendered');
      w.sdk.refreshTick(new URL(document.querySelector('#payment-iframe iframe')!.getAttribute('src')!).pathname.split('/').pop()!);
    });
    expect((await waitForMessage(page, { stage: 'success' })).transactionID).toBe(success.transactionID);
    await expect(frame.getByTestId('paid-title')).toBeVisible();
    await expect(frame.getByTestId('card-form')).toHaveCount(0);
  });

  test('a declined card: declined with its transaction id, the form again, then paid with another card', async ({ page, request }) => {
    const id = await createSession(request);
    await openMerchant(page, id);
    const frame = embedFrame(page);
    await fillCardIn(frame, '4000 0000 0000 0002');
    await frame.getByTestId('pay-button').click();
    const declined = await waitForMessage(page, { stage: 'declined' });
    expect(declined.transactionID).toMatch(uuid);
    expect((await getTransaction(request, declined.transactionID as string)).status).toBe('DECLINED');
    await expect(frame.getByTestId('declined')).toBeVisible();
    await fillCardIn(frame, '5555 5555 5555 4444');
    await frame.getByTestId('pay-button').click();
    const success = await waitForMessage(page, { stage: 'success' });
    expect(success.transactionID).not.toBe(declined.transactionID);
    expect((await stages(page)).map((m) => m.stage)).toEqual(['rendered', 'processing', 'declined', 'processing', 'success']);
  });

  for (const asString of [false, true]) {
    test(`hpb=1 hides the pay button; INITIATE_PAY as ${asString ? 'a JSON string' : 'an object'} pays`, async ({ page, request }) => {
      const id = await createSession(request);
      await openMerchant(page, id, { flags: 'hpb=1' });
      await waitForMessage(page, { stage: 'rendered' });
      const frame = embedFrame(page);
      await expect(frame.getByTestId('card-form')).toBeVisible();
      await expect(frame.getByTestId('pay-button')).toHaveCount(0);
      // A key that does not reach the session's organisation pays nothing.
      await page.evaluate((s) => (window as unknown as { initiatePay(s: boolean, k: string): void }).initiatePay(s, 'pk_not_ours'), asString);
      await waitForMessage(page, { stage: 'error', code: 'embed.public_key_mismatch' });
      await fillCardIn(frame, '4111 1111 1111 1111');
      await page.evaluate((s) => (window as unknown as { initiatePay(s: boolean): void }).initiatePay(s), asString);
      const success = await waitForMessage(page, { stage: 'success' });
      expect((await getTransaction(request, success.transactionID as string)).status).toBe('COMPLETE');
      // The flag holds on the page after paying too; INITIATE_PAY now finds nothing to pay.
      await page.evaluate((s) => (window as unknown as { initiatePay(s: boolean): void }).initiatePay(s), asString);
      await waitForMessage(page, { stage: 'error', code: 'embed.not_payable' });
    });
  }

  test('hpb=1: typing mistakes after INITIATE_PAY say rendered again, so the merchant can re-enable its button', async ({ page, request }) => {
    const id = await createSession(request);
    await openMerchant(page, id, { flags: 'hpb=1' });
    await waitForMessage(page, { stage: 'rendered' });
    await page.evaluate(() => (window as unknown as { initiatePay(s: boolean): void }).initiatePay(false));
    await expect(embedFrame(page).getByTestId('error-summary')).toBeVisible();
    await expect.poll(async () => (await stages(page)).map((m) => m.stage)).toEqual(['rendered', 'processing', 'rendered']);
  });

  test('hsc=1 offers no store-card choice; method=MOTO_IN_PERSON records the payment as MOTO', async ({ page, request }) => {
    const id = await createSession(request);
    await openMerchant(page, id, { flags: 'hsc=1&method=MOTO_IN_PERSON' });
    const frame = embedFrame(page);
    await expect(frame.getByTestId('card-form')).toBeVisible();
    await expect(frame.getByRole('checkbox')).toHaveCount(0);
    await fillCardIn(frame, '4111 1111 1111 1111');
    await frame.getByTestId('pay-button').click();
    const success = await waitForMessage(page, { stage: 'success' });
    expect(await getTransaction(request, success.transactionID as string)).toMatchObject({ status: 'COMPLETE', method: 'MOTO_IN_PERSON' });
  });

  test('3-D Secure inside the frame: iframeRedirect, the challenge, back in the frame, success', async ({ page, request }) => {
    const id = await createSession(request);
    await openMerchant(page, id, { flags: 'hpb=1' });
    const frame = embedFrame(page);
    await fillCardIn(frame, '4212 3456 7891 0006');
    await page.evaluate(() => (window as unknown as { initiatePay(s: boolean): void }).initiatePay(true));
    await expect.poll(async () => (await received(page)).find((m) => 'iframeRedirect' in m)?.iframeRedirect).toMatch(/\/sandbox\/3ds\//);
    await frame.getByLabel('Password').fill('password');
    await frame.getByRole('button', { name: 'Confirm' }).click();
    const success = await waitForMessage(page, { stage: 'success' });
    await expect(frame.getByTestId('receipt-method')).toHaveText('VISA ending 0006');
    expect(page.url()).toContain(`merchant.localhost:${merchant.port}`);
    const processing = (await stages(page)).filter((m) => m.stage === 'processing');
    expect(processing.at(-1)!.transactionID).toBe(success.transactionID);
    // The frame never left the embed's paths (nor the merchant's page): hpb and the frame held.
    const src = page.frames().find((f) => f.url().includes('/embed/'))!.url();
    expect(src).toMatch(new RegExp(`/embed/${id}\\?hpb=1$`));
  });

  test('open banking inside the frame: iframeRedirect to the bank, approve, success', async ({ page, request }) => {
    const id = await createSession(request, { open_banking_enabled: true, card_enabled: false });
    await openMerchant(page, id);
    const frame = embedFrame(page);
    await frame.getByRole('button', { name: 'Continue to your bank' }).click();
    await expect.poll(async () => (await received(page)).find((m) => 'iframeRedirect' in m)?.iframeRedirect).toMatch(/\/sandbox\/bank\//);
    await frame.getByRole('button', { name: 'Approve' }).click();
    const success = await waitForMessage(page, { stage: 'success' });
    expect((await getTransaction(request, success.transactionID as string)).type).toBe('OPEN_BANKING');
    await expect(frame.getByTestId('receipt-method')).toHaveText('Bank payment (open banking)');
  });

  test('an expired session says expired; a deleted one says error embed.not_found', async ({ page, request }) => {
    const expiring = await createSession(request, { expires_at: new Date(Date.now() + 3000).toISOString() });
    const deleted = await createSession(request);
    await deleteSession(request, deleted);
    await page.waitForTimeout(3500);
    await openMerchant(page, expiring);
    await waitForMessage(page, { stage: 'expired' });
    await expect(embedFrame(page).getByTestId('expired')).toBeVisible();
    await openMerchant(page, deleted);
    await waitForMessage(page, { stage: 'error', code: 'embed.not_found' });
  });

  test("frame-ancestors: the organisation's allowed origins may frame it, any other origin may not", async ({ page, request }) => {
    const organisation = 'org_sandbox_travel_north';
    const allowed = `http://merchant.localhost:${merchant.port}`;
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

  test('the React Native bridge: the same strings go to window.ReactNativeWebView, which may send INITIATE_PAY', async ({ page, request }) => {
    const id = await createSession(request);
    await page.addInitScript(() => {
      const w = window as unknown as { native: string[]; ReactNativeWebView: { postMessage(m: string): void } };
      w.native = [];
      w.ReactNativeWebView = { postMessage: (message: string) => w.native.push(message) };
    });
    await page.goto(`${sandboxUrl}/embed/${id}?hpb=1`);
    const native = async () => (await page.evaluate(() => (window as unknown as { native: string[] }).native)).map((m) => JSON.parse(m));
    await expect.poll(async () => (await native()).some((m) => m.stage === 'rendered')).toBe(true);
    expect((await native()).some((m) => typeof m.iframe_height === 'number')).toBe(true);
    await fillCardIn(page, '4111 1111 1111 1111');
    // What react-native-webview's postMessage does in the page: a message event from no other window.
    await page.evaluate((key) => window.postMessage(JSON.stringify({ type: 'INITIATE_PAY', payload: key }), '*'), sandboxKey().public_key);
    await expect.poll(async () => (await native()).filter((m) => m.stage).map((m) => m.stage)).toEqual(['rendered', 'processing', 'success']);
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

test('the sandbox home page links to a ready-made session on the example merchant page, which pays in its frame', async ({ page, request }) => {
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
  expect(new URL(await page.getByTestId('sample-embed').getAttribute('href') ?? '', sandboxUrl).searchParams.get('session')).not.toBe(paid);
  // A static file, served outside proxy.ts: Next.js's own headers only (docs/embed-protocol.md).
  const headers = (await request.get(`${sandboxUrl}/embed-example.html`)).headers();
  expect(headers['content-security-policy']).toBeUndefined();
});

test('a failed 3-D Secure check inside the frame: declined with its transaction id, and the form again', async ({ page, request }) => {
  const id = await createSession(request);
  await page.goto(`http://merchant.localhost:${merchant.port}/?${new URLSearchParams({ session: id, key: sandboxKey().public_key })}`);
  const frame = embedFrame(page);
  await fillCardIn(frame, '4212 3456 7891 0006');
  await frame.getByTestId('pay-button').click();
  await frame.getByLabel('Password').fill('wrong');
  await frame.getByRole('button', { name: 'Confirm' }).click();
  const declined = await waitForMessage(page, { stage: 'declined' });
  expect((await getTransaction(request, declined.transactionID as string)).status).toBe('DECLINED');
  await expect(frame.getByTestId('declined')).toBeVisible();
  await expect(frame.getByTestId('card-form')).toBeVisible();
});

test('a payment waiting at 3-D Secure: the embed says processing with its id and offers cancel, which brings the form back', async ({ page, request }) => {
  const id = await createSession(request);
  await page.goto(`${sandboxUrl}/embed/${id}?hpb=1`);
  await fillCardIn(page, '4212 3456 7891 0006');
  await page.evaluate((key) => window.postMessage({ type: 'INITIATE_PAY', payload: key }, '*'), sandboxKey().public_key);
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
