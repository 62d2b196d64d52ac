import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { call, createLinkOn } from './card-fixtures';
import { requiredEnv } from './e2e-env';
import { adyen, testCardFields } from './support/adyen-control';

/*
 * The checkout in production mode, on the Adyen adapter, against the suite's Adyen simulator
 * (playwright.config.ts; tests/support/adyen-simulator). Adyen's secured fields cannot load here, so
 * the shopper is one without JavaScript: the pay form's hidden inputs, which adyen-web fills, carry
 * Adyen's documented test values ("test_" + the plain value), and the form posts as a browser posts
 * it. card-entry-production.spec.ts checks the Card component itself.
 */
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');
test.use({ baseURL: productionUrl, javaScriptEnabled: false });

type Transaction = { id: string; status: string; surcharge: number; amount: number };

async function payWithCard(page: Page, linkId: string, number: string, holderName = 'Ada Lovelace') {
  await page.goto(`/${linkId}`);
  const form = page.locator('form[data-testid="card-form"]');
  const fields = { ...testCardFields(number), holderName };
  for (const [name, value] of Object.entries(fields)) {
    await form.locator(`input[type="hidden"][name="${name}"]`).evaluate((input: HTMLInputElement, v) => { input.value = v; }, value);
  }
  await form.getByTestId('pay-button').click();
}

async function linkTransactions(request: APIRequestContext, linkId: string): Promise<Transaction[]> {
  const link = await call(request, 'production', 'GET', `/agent/payment-links/${linkId}`);
  return Promise.all(link.transactions.map((t: { id: string }) => call(request, 'production', 'GET', `/agent/transactions/${t.id}`)));
}

async function onlyTransaction(request: APIRequestContext, linkId: string): Promise<Transaction> {
  const all = await linkTransactions(request, linkId);
  expect(all).toHaveLength(1);
  return all[0]!;
}

test('a card payment reaches Adyen with its test values and lands on the success page', async ({ page, request }) => {
  const linkId = await createLinkOn(request, 'production');
  await payWithCard(page, linkId, '5555555555554444');
  await expect(page.getByTestId('result-success')).toBeVisible();
  const transaction = await onlyTransaction(request, linkId);
  expect(transaction.status).toBe('COMPLETE');
  const sent = await adyen.requestsFor(transaction.id);
  expect(sent.map((r) => [r.path, r.status])).toEqual([['/payments', 200]]);
  expect(sent[0]!.body).toMatchObject({
    merchantAccount: 'TravelPayECOM', reference: transaction.id, amount: { value: 10000, currency: 'GBP' },
    paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_5555555555554444', encryptedSecurityCode: 'test_737' },
  });
  expect(sent[0]!.headers['idempotency-key']).toBeTruthy();
  // Adyen's AUTHORISATION arrives later and changes nothing (accepted, applied once).
  expect(await adyen.deliver({ merchantReference: transaction.id, repeat: 2 })).toEqual([200, 200]);
  expect((await onlyTransaction(request, linkId)).status).toBe('COMPLETE');
});

test('a card Adyen refuses lands on the failure page and the link can be paid again', async ({ page, request }) => {
  const linkId = await createLinkOn(request, 'production');
  await payWithCard(page, linkId, '5555555555554444', 'DECLINED');
  await expect(page.getByTestId('result-failure')).toBeVisible();
  const transaction = await onlyTransaction(request, linkId);
  expect(transaction.status).toBe('DECLINED');
  await page.getByTestId('try-again').click();
  await payWithCard(page, linkId, '5555555555554444');
  await expect(page.getByTestId('result-success')).toBeVisible();
});

test('a pre-authorisation is held, then captured through the API; Adyen confirms the capture by notification', async ({ page, request }) => {
  const linkId = await createLinkOn(request, 'production', { authorisation_only: true });
  await payWithCard(page, linkId, '5555555555554444');
  await expect(page.getByTestId('result-success')).toBeVisible();
  const held = await onlyTransaction(request, linkId);
  expect(held.status).toBe('PENDING');
  await call(request, 'production', 'GET', `/agent/transactions/${held.id}/complete`);
  const captures = (await adyen.requests()).filter((r) => r.path.endsWith('/captures') && r.status === 201);
  expect(captures.some((r) => (r.body.amount as { value: number }).value === 10000)).toBe(true);
  await adyen.deliver({ eventCode: 'CAPTURE' });
  await expect.poll(async () => (await onlyTransaction(request, linkId)).status).toBe('COMPLETE');
});
