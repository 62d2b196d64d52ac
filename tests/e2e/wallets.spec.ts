import { expect, test, type FrameLocator, type Page } from './support/test';
import { createLink, sandboxUrl } from './checkout-fixtures';
import { createSession, embedFrame, getTransaction, merchantServer, waitForMessage } from './embed-fixtures';
import { linkTransactions } from './journey-fixtures';
import { createMemberGroup } from './member-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Apple Pay and Google Pay in the sandbox (issue 17, item 17): the labelled stand-in on the checkout, the embed and
 * a member's link pays a published test card through the card payment core; the receipt names the wallet; the
 * sheet asks to confirm a surcharge and says when the link refuses the card. axe on every state.
 */
const merchant = merchantServer();

async function payWithWallet(scope: Page | FrameLocator, card: string, wallet: 'Apple Pay' | 'Google Pay') {
  await expect(scope.getByTestId('sandbox-wallet-label')).toContainText('Sandbox wallet — no real wallet is charged');
  await scope.getByLabel('Card in the wallet').selectOption(card);
  await scope.getByRole('button', { name: `Pay with ${wallet} (sandbox)` }).click();
}

test.describe('wallets in the sandbox', () => {
  // Each journey is two or three server actions and page loads on a shared two-core machine.
  test.describe.configure({ timeout: 120_000 });
  test('the checkout: Apple Pay pays the chosen test card; the receipt and the API name the wallet', async ({
    page,
    request,
  }) => {
    const email = `wallet-${Date.now().toString(36)}@example.com`;
    const id = await createLink(request, { email });
    await page.goto(`/${id}`);
    await expect(page.getByRole('heading', { name: 'Apple Pay and Google Pay' })).toBeVisible();
    await expectNoAxeViolations(page, 'checkout with the sandbox wallet');
    await payWithWallet(page, 'visa_gb', 'Apple Pay');
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`, { timeout: 30_000 });
    await expect(page.getByTestId('receipt-method')).toContainText('ending 1111 via Apple Pay');
    const [paid] = await linkTransactions(request, id);
    expect(paid!.status).toBe('COMPLETE');
    expect(await getTransaction(request, paid!.id)).toMatchObject({ wallet: 'apple_pay', card_last_four: '1111' });
    await page.getByTestId('receipt-link').click();
    await expect(page.getByTestId('receipt-method')).toContainText('ending 1111 via Apple Pay');
    await expectNoAxeViolations(page, 'printable receipt of a wallet payment');
    // The receipt email names the wallet too, as the page does.
    await page.goto(`${sandboxUrl}/sandbox/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByTestId('mailbox-email')).toHaveCount(1);
    await expect(page.getByTestId('mailbox-text')).toContainText('Visa ending 1111 via Apple Pay');
  });

  test('a surcharge is confirmed on the wallet sheet, then taken', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await payWithWallet(page, 'mc_commercial_gb', 'Google Pay');
    await expect(page).toHaveURL(new RegExp(`/${id}/wallet\\?`), { timeout: 30_000 });
    await expect(page.getByTestId('wallet-surcharge')).toHaveText(
      'A card surcharge of £1.50 applies to this card. Google Pay will pay £101.50 in total.',
    );
    await expectNoAxeViolations(page, 'sandbox wallet sheet, surcharge');
    await page.getByRole('button', { name: 'Pay £101.50 with Google Pay' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`, { timeout: 30_000 });
    await expect(page.getByTestId('receipt-surcharge')).toHaveText('£1.50');
    await expect(page.getByTestId('receipt-method')).toContainText('via Google Pay');
  });

  test('a card the link excludes is refused, and another card of the wallet pays', async ({ page, request }) => {
    const id = await createLink(request, { excluded_card_types: ['AMEX'] });
    await page.goto(`/${id}`);
    await payWithWallet(page, 'amex_gb', 'Apple Pay');
    await expect(page.getByTestId('wallet-refused')).toHaveText(
      'This card cannot be used for this payment. Choose another card in the wallet, or pay another way.',
    );
    await expectNoAxeViolations(page, 'sandbox wallet sheet, card refused');
    expect((await linkTransactions(request, id)).map((t) => t.status)).toEqual(['REJECTED']);
    await page.getByTestId('wallet-back').click();
    await payWithWallet(page, 'visa_gb', 'Apple Pay');
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`, { timeout: 30_000 });
  });

  test('the embed: the stand-in pays inside the frame and the parent hears success', async ({ page, request }) => {
    const id = await createSession(request);
    await merchant.open(page, id);
    await waitForMessage(page, { stage: 'rendered' });
    const frame = embedFrame(page);
    await payWithWallet(frame, 'visa_gb', 'Google Pay');
    const success = await waitForMessage(page, { stage: 'success' });
    expect(await getTransaction(request, String(success.transactionID))).toMatchObject({ wallet: 'google_pay' });
    await expect(frame.getByTestId('receipt-method')).toContainText('ending 1111 via Google Pay');
  });

  test("a member's link: the stand-in pays the instalment; the receipt names the wallet", async ({ page, request }) => {
    const {
      links: [first],
    } = await createMemberGroup(request, [10000, 5000]);
    await page.goto(`/${first}`);
    await expectNoAxeViolations(page, 'member link with the sandbox wallet');
    await payWithWallet(page, 'visa_gb', 'Apple Pay');
    await expect(page).toHaveURL(`${sandboxUrl}/${first}/success`, { timeout: 30_000 });
    await expect(page.getByTestId('receipt-amount')).toHaveText('£100.00');
    await expect(page.getByTestId('receipt-method')).toContainText('via Apple Pay');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the stand-in is a plain form: it pays without JavaScript', async ({ page, request }) => {
      const id = await createLink(request);
      await page.goto(`/${id}`);
      await payWithWallet(page, 'mc_debit_gb', 'Google Pay');
      await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`, { timeout: 30_000 });
      await expect(page.getByTestId('receipt-method')).toContainText('ending 4444 via Google Pay');
    });
  });

  test("Apple Pay's domain association file: none configured in the sandbox, so 404", async ({ request }) => {
    const response = await request.get(`${sandboxUrl}/.well-known/apple-developer-merchantid-domain-association`);
    expect(response.status()).toBe(404);
  });
});
