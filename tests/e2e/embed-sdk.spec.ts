import { expect, test, type Page } from './support/test';
import { createSession, fillCardIn, getTransaction, received, sandboxKey, sandboxUrl } from './embed-fixtures';
import { sdkDevBase, sdkGitDir, startDevOriginProxy, startVendorSdkMerchant } from './support/vendor-sdk';

/*
 * The embed under the vendor's own browser SDK (felloh-org/payment-sdk, run unchanged:
 * support/vendor-sdk.ts), with its `dev` option, which frames `http://localhost:3010/embed/{id}`.
 * That origin is answered by the sandbox server under test, through a reverse proxy on
 * port 3010 (support/vendor-sdk.ts; the request's Origin is made the server's own, as it
 * would be were the server itself on port 3010). One port: the tests run one at a time. Each payment step's URL must be requested exactly once: the SDK
 * loads it into the frame itself on `iframeRedirect`, and a processor's redirect may be
 * single-use (issue 15, item 17).
 */
// Run only with PAYMENT_SDK_DIR (playwright.config.ts leaves this file out otherwise): a wrong one fails here.
const sdk = sdkGitDir();
if ('missing' in sdk) throw new Error(sdk.missing);

test.describe.configure({ mode: 'serial' });

let merchant: Awaited<ReturnType<typeof startVendorSdkMerchant>>;
let devOrigin: Awaited<ReturnType<typeof startDevOriginProxy>>;
test.beforeAll(async () => {
  if (!('gitDir' in sdk)) return;
  merchant = await startVendorSdkMerchant(sdk.gitDir);
  devOrigin = await startDevOriginProxy(sandboxUrl);
});
test.afterAll(async () => {
  await merchant?.close();
  await devOrigin?.close();
});

/** Opens the merchant's page with the SDK, and records every URL the page (any frame) requests. */
async function openWithSdk(page: Page, session: string, { payButton = true } = {}): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const query = new URLSearchParams({
    session,
    key: sandboxKey().public_key,
    ...(payButton ? {} : { pay_button: '0' }),
  });
  await page.goto(`http://merchant.localhost:${merchant.port}/?${query}`);
  return requested;
}

type SdkEvent = { event: string; id?: string };
const sdkEvents = (page: Page) => page.evaluate(() => (window as unknown as { events: SdkEvent[] }).events);
const redirectUrl = async (page: Page) =>
  (await received(page)).find((m) => 'iframeRedirect' in m)?.iframeRedirect as string | undefined;

test.describe("the vendor SDK's own code as the parent", () => {
  test('its iframe, pay() sending INITIATE_PAY, 3-D Secure requested once, and its events', async ({
    page,
    request,
  }) => {
    const id = await createSession(request);
    const requested = await openWithSdk(page, id, { payButton: false });
    await expect.poll(() => sdkEvents(page)).toContainEqual({ event: 'render' });
    // How the SDK frames it: its own src (design.pay_button false is hpb=1), its name, and no sandbox attribute.
    const iframe = page.locator('#payment-iframe iframe');
    await expect(iframe).toHaveAttribute('src', `${sdkDevBase}${id}?hpb=1`);
    await expect(iframe).toHaveAttribute('name', 'felloh-payment-sdk');
    expect(await iframe.getAttribute('sandbox')).toBeNull();
    const frame = page.frameLocator('#payment-iframe iframe');
    await expect(frame.getByTestId('pay-button')).toHaveCount(0);

    await fillCardIn(frame, '4212 3456 7891 0006');
    // The SDK's pay() posts { type: 'INITIATE_PAY', payload: publicKey } (an object) to the frame.
    await page.evaluate(() => (window as unknown as { sdk: { pay(): void } }).sdk.pay());
    await expect.poll(() => redirectUrl(page)).toMatch(/\/sandbox\/3ds\//);
    const step = (await redirectUrl(page))!;
    await frame.getByLabel('Password').fill('password');
    await frame.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await sdkEvents(page)).some((e) => e.event === 'success')).toBe(true);

    // The step was requested once: by the SDK setting the frame's src, not by the page as well.
    expect(requested.filter((url) => url === step)).toHaveLength(1);
    const events = await sdkEvents(page);
    const success = events.find((e) => e.event === 'success')!;
    expect(events.find((e) => e.event === 'processing')).toBeTruthy();
    expect(await page.evaluate(() => (window as unknown as { sdk: { getStatus(): string } }).sdk.getStatus())).toBe(
      'success',
    );
    expect(await getTransaction(request, success.id!)).toMatchObject({ status: 'COMPLETE', amount: 4500 });
    await expect(frame.getByTestId('receipt-method')).toHaveText('Visa ending 0006');
  });

  test('open banking with its pay button: the bank page requested once, approved in the frame', async ({
    page,
    request,
  }) => {
    const id = await createSession(request, { open_banking_enabled: true, card_enabled: false });
    const requested = await openWithSdk(page, id);
    const frame = page.frameLocator('#payment-iframe iframe');
    await frame.getByRole('button', { name: 'Continue to your bank' }).click();
    await expect.poll(() => redirectUrl(page)).toMatch(/\/sandbox\/bank\//);
    const step = (await redirectUrl(page))!;
    await frame.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(async () => (await sdkEvents(page)).some((e) => e.event === 'success')).toBe(true);
    expect(requested.filter((url) => url === step)).toHaveLength(1);
    const success = (await sdkEvents(page)).find((e) => e.event === 'success')!;
    expect((await getTransaction(request, success.id!)).type).toBe('OPEN_BANKING');
  });
});
