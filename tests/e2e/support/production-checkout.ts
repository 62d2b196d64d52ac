import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { call, createLinkOn } from '../card-fixtures';
import { requiredEnv } from '../e2e-env';
import { adyen, testCardFields } from './adyen-control';

/*
 * The production checkout's journeys (production-*.spec.ts) share these: the production server's API,
 * and a shopper without JavaScript. Adyen's secured fields cannot load here, so the pay form's hidden
 * inputs, which adyen-web fills, get Adyen's documented test values ("test_" + the plain value) and the
 * form posts as a browser without JavaScript posts it (card-entry-production.spec.ts checks the Card
 * component itself).
 */
export const productionUrl = requiredEnv('E2E_PRODUCTION_URL');
export const organisation = 'org_e2e_production';

export type Transaction = {
  id: string; status: string; amount: number; surcharge: number; created_at: string; provider_reference: string | null;
  failure_reason?: string | null; dcc?: unknown; card_last_four?: string | null;
};

/** The production server's API (an API key scripts/e2e-production-seed.ts made). */
export const api = (request: APIRequestContext, method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown) => call(request, 'production', method, path, data);

export { createLinkOn, adyen };

/** Fills the pay form's hidden fields as adyen-web would, with a test card, and presses Pay. */
export async function payWithCard(page: Page, linkId: string, number: string, holderName = 'Ada Lovelace') {
  await page.goto(`/${linkId}`);
  const form = page.locator('form[data-testid="card-form"]');
  const fields = { ...testCardFields(number), holderName };
  for (const [name, value] of Object.entries(fields)) {
    await form.locator(`input[type="hidden"][name="${name}"]`).evaluate((input: HTMLInputElement, v) => { input.value = v; }, value);
  }
  await form.getByTestId('pay-button').click();
}

/** Every attempt on a link, as the API's Transaction objects, oldest first. */
export async function linkTransactions(request: APIRequestContext, linkId: string): Promise<Transaction[]> {
  const link = await api(request, 'GET', `/agent/payment-links/${linkId}`);
  const all: Transaction[] = await Promise.all(link.transactions.map((t: { id: string }) => api(request, 'GET', `/agent/transactions/${t.id}`)));
  return all.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function onlyTransaction(request: APIRequestContext, linkId: string): Promise<Transaction> {
  const all = await linkTransactions(request, linkId);
  expect(all).toHaveLength(1);
  return all[0]!;
}

/** Adyen's PSP reference of a payment (a held challenge's carries ":manual" in our record). */
export const pspOf = (transaction: Pick<Transaction, 'provider_reference'>) => String(transaction.provider_reference).replace(/:manual$/, '');

/** The Checkout API calls the product made whose body names this reference (our transaction id). */
export const paymentCallsFor = async (reference: string) => (await adyen.requests()).filter((r) => r.body?.reference === reference);

/** The modification calls (captures, refunds, reversals, cancels) made on a payment's PSP reference. */
export async function modificationsOf(psp: string) {
  return (await adyen.requests()).filter((r) => r.path.startsWith(`/payments/${psp}/`)).map((r) => [r.path.slice(`/payments/${psp}`.length), r.status]);
}

/** A page that must not show a server error or a stack trace. */
export async function expectNoServerError(page: Page) {
  await expect(page.locator('body')).not.toContainText(/Application error|Internal Server Error|at \w+ \(|\.ts:\d+/);
}

/** No request of the product broke Adyen's v71 request schemas (the simulator checks every one). */
export async function expectNoViolations() {
  expect(await adyen.violations()).toEqual([]);
}
