import { expect, test } from './support/test';
import {
  createBooking,
  createSession,
  deleteSession,
  embedFrame,
  fillCardIn,
  getTransaction,
  merchantServer,
  received,
  stages,
  waitForMessage,
} from './embed-fixtures';

/*
 * The embedded checkout (/embed/{ecommerce_id}) driven from a merchant's page on
 * another origin that frames it as the vendor SDK's 2022 release did (support/sdk-parent.ts:
 * no frame name, iframeRedirect not handled, so the frame loads its steps itself),
 * recording every message it receives: product.md section 6, the payment journeys.
 * embed-sdk.spec.ts: the SDK's current code as the parent, unchanged.
 * embed-hosts.spec.ts: who may frame it, the React Native host, axe, the example page.
 */
const merchant = merchantServer();
const openMerchant = merchant.open;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe('embedded checkout, framed as the SDK frames it', () => {
  test('a card payment: rendered, iframe_height, processing, success with the transaction id; a re-render shows it paid', async ({
    page,
    request,
  }) => {
    const id = await createSession(request);
    await openMerchant(page, id);
    await waitForMessage(page, { stage: 'rendered' });
    const frame = embedFrame(page);
    await expect(frame.getByTestId('checkout-amount')).toHaveText('£45.00');
    // iframe_height: the SDK sizes the frame to the content (its default is 500px).
    const height = (await received(page)).find((m) => 'iframe_height' in m)!.iframe_height as number;
    expect(height).toBeGreaterThan(500);
    await expect
      .poll(async () =>
        page.evaluate(() => document.querySelector<HTMLIFrameElement>('#payment-iframe iframe')!.style.height),
      )
      .toBe(`${(await received(page)).filter((m) => 'iframe_height' in m).at(-1)!.iframe_height}px`);
    // Sized to its content: the frame's document needs no scrolling.
    expect(
      await frame
        .locator('body')
        .evaluate((body) => body.ownerDocument.documentElement.scrollHeight <= window.innerHeight),
    ).toBe(true);
    await fillCardIn(frame, '4111 1111 1111 1111');
    await frame.getByRole('button', { name: 'Pay £45.00' }).click();
    const success = await waitForMessage(page, { stage: 'success' });
    expect(success.transactionID).toMatch(uuid);
    expect((await stages(page)).map((m) => m.stage)).toEqual(['rendered', 'processing', 'success']);
    // Every message was a JSON string, which is all the SDK can parse.
    expect((await received(page)).filter((m) => 'notAString' in m)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sdk: { getStatus(): string } }).sdk.getStatus())).toBe(
      'success',
    );
    await expect(frame.getByTestId('receipt-method')).toHaveText('Visa ending 1111');
    const transaction = await getTransaction(request, success.transactionID as string);
    expect(transaction).toMatchObject({ status: 'COMPLETE', method: 'ONLINE', amount: 4500 });
    expect(page.url()).toContain(`merchant.localhost:${merchant.port()}`);

    // The SDK re-renders the frame every 15 minutes only while 'preload' or 'rendered'; a page
    // reloaded by the merchant (or that re-render, forced here) shows the paid state, never a form.
    await page.evaluate(() => {
      const w = window as unknown as {
        sdk: { setStatus(s: string): void; refreshTick(id: string): void };
        recorded: unknown[];
      };
      w.recorded.length = 0;
      w.sdk.setStatus('rendered');
      w.sdk.refreshTick(
        new URL(document.querySelector('#payment-iframe iframe')!.getAttribute('src')!).pathname.split('/').pop()!,
      );
    });
    expect((await waitForMessage(page, { stage: 'success' })).transactionID).toBe(success.transactionID);
    await expect(frame.getByTestId('paid-title')).toBeVisible();
    await expect(frame.getByTestId('card-form')).toHaveCount(0);
  });

  test('a declined card: declined with its transaction id, the form again, then paid with another card', async ({
    page,
    request,
  }) => {
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
    expect((await stages(page)).map((m) => m.stage)).toEqual([
      'rendered',
      'processing',
      'declined',
      'processing',
      'success',
    ]);
  });

  for (const asString of [false, true]) {
    test(`hpb=1 hides the pay button; INITIATE_PAY as ${asString ? 'a JSON string' : 'an object'} pays`, async ({
      page,
      request,
    }) => {
      const id = await createSession(request);
      await openMerchant(page, id, { flags: 'hpb=1' });
      await waitForMessage(page, { stage: 'rendered' });
      const frame = embedFrame(page);
      await expect(frame.getByTestId('card-form')).toBeVisible();
      await expect(frame.getByTestId('pay-button')).toHaveCount(0);
      // A key that does not reach the session's organisation pays nothing.
      await page.evaluate(
        (s) => (window as unknown as { initiatePay(s: boolean, k: string): void }).initiatePay(s, 'pk_not_ours'),
        asString,
      );
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

  test('hpb=1: typing mistakes after INITIATE_PAY say rendered again, so the merchant can re-enable its button', async ({
    page,
    request,
  }) => {
    const id = await createSession(request);
    await openMerchant(page, id, { flags: 'hpb=1' });
    await waitForMessage(page, { stage: 'rendered' });
    await page.evaluate(() => (window as unknown as { initiatePay(s: boolean): void }).initiatePay(false));
    await expect(embedFrame(page).getByTestId('error-summary')).toBeVisible();
    await expect
      .poll(async () => (await stages(page)).map((m) => m.stage))
      .toEqual(['rendered', 'processing', 'rendered']);
  });

  test('hsc=1 offers no store-card choice; method=MOTO_IN_PERSON records the payment as MOTO where the session allows it', async ({
    page,
    request,
  }) => {
    const booking = await createBooking(request);
    const withChoice = await createSession(request, { booking_id: booking });
    await openMerchant(page, withChoice);
    await expect(embedFrame(page).getByTestId('store-card')).toBeVisible();
    // The MOTO flag on a session that does not allow MOTO: refused with its reason, no form.
    await openMerchant(page, withChoice, { flags: 'method=MOTO_IN_PERSON' });
    await expect(embedFrame(page).getByTestId('moto-not-allowed')).toBeVisible();
    await expect(embedFrame(page).getByTestId('card-form')).toHaveCount(0);
    const id = await createSession(request, { booking_id: booking, moto_enabled: true });
    await openMerchant(page, id, { flags: 'hsc=1&method=MOTO_IN_PERSON' });
    const frame = embedFrame(page);
    await expect(frame.getByTestId('card-form')).toBeVisible();
    await expect(frame.getByTestId('store-card')).toHaveCount(0);
    await expect(frame.getByRole('checkbox')).toHaveCount(0);
    await fillCardIn(frame, '4111 1111 1111 1111');
    await frame.getByTestId('pay-button').click();
    const success = await waitForMessage(page, { stage: 'success' });
    expect(await getTransaction(request, success.transactionID as string)).toMatchObject({
      status: 'COMPLETE',
      method: 'MOTO_IN_PERSON',
    });
  });

  test('3-D Secure inside the frame: iframeRedirect, the challenge, back in the frame, success', async ({
    page,
    request,
  }) => {
    const id = await createSession(request);
    await openMerchant(page, id, { flags: 'hpb=1' });
    const frame = embedFrame(page);
    await fillCardIn(frame, '4212 3456 7891 0006');
    await page.evaluate(() => (window as unknown as { initiatePay(s: boolean): void }).initiatePay(true));
    await expect
      .poll(async () => (await received(page)).find((m) => 'iframeRedirect' in m)?.iframeRedirect)
      .toMatch(/\/sandbox\/3ds\//);
    await frame.getByLabel('Password').fill('password');
    await frame.getByRole('button', { name: 'Confirm' }).click();
    const success = await waitForMessage(page, { stage: 'success' });
    await expect(frame.getByTestId('receipt-method')).toHaveText('Visa ending 0006');
    expect(page.url()).toContain(`merchant.localhost:${merchant.port()}`);
    const processing = (await stages(page)).filter((m) => m.stage === 'processing');
    expect(processing.at(-1)!.transactionID).toBe(success.transactionID);
    // The frame never left the embed's paths (nor the merchant's page): hpb and the frame held.
    const src = page
      .frames()
      .find((f) => f.url().includes('/embed/'))!
      .url();
    expect(src).toMatch(new RegExp(`/embed/${id}\\?hpb=1$`));
  });

  test('open banking inside the frame: iframeRedirect to the bank, approve, success', async ({ page, request }) => {
    const id = await createSession(request, { open_banking_enabled: true, card_enabled: false });
    await openMerchant(page, id);
    const frame = embedFrame(page);
    await frame.getByRole('button', { name: 'Continue to your bank' }).click();
    await expect
      .poll(async () => (await received(page)).find((m) => 'iframeRedirect' in m)?.iframeRedirect)
      .toMatch(/\/sandbox\/bank\//);
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

  test('a failed 3-D Secure check inside the frame: declined with its transaction id, and the form again', async ({
    page,
    request,
  }) => {
    const id = await createSession(request);
    await openMerchant(page, id);
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
});
