import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
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

/**
 * The production journeys go through the server, the simulator and back, often twice, on a machine shared by many:
 * more time than the suite's defaults (30 s a test, 10 s an assertion). Each spec calls this first;
 * it also checks the simulator's v71 schema violations around each test.
 */
export function productionJourneys() {
  test.describe.configure({ timeout: 180_000 });
  test.use({ baseURL: productionUrl, javaScriptEnabled: false, navigationTimeout: 60_000, actionTimeout: 30_000 });
  checkAdyenViolations();
}
export const expect = baseExpect.configure({ timeout: 45_000 });
export const organisation = 'org_e2e_production';

export type Transaction = {
  id: string;
  status: string;
  amount: number;
  surcharge: number;
  created_at: string;
  provider_reference: string | null;
  failure_reason?: string | null;
  dcc?: unknown;
  card_last_four?: string | null;
};

export { adyen };

const credentials = () =>
  JSON.parse(fs.readFileSync(path.join(requiredEnv('E2E_PRODUCTION_DATA_DIR'), 'e2e-credentials.json'), 'utf8'));
// One bearer token per worker (it lasts 60 hours): on a loaded machine every request counts.
let token: Promise<string> | null = null;

async function bearer(request: APIRequestContext): Promise<string> {
  token ??= (async () => {
    const { public_key, private_key } = credentials();
    const response = await request.post(`${productionUrl}/api/token`, { data: { public_key, private_key } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data.token as string;
  })().catch((error: unknown) => {
    token = null;
    throw error;
  });
  return token;
}

/** The production server's API (an API key scripts/e2e-production-seed.ts made); the answer's `data`. */
export async function api(request: APIRequestContext, method: 'GET' | 'PUT' | 'POST', apiPath: string, data?: unknown) {
  const options = { method, data, headers: { Authorization: `Bearer ${await bearer(request)}` } };
  const url = `${productionUrl}/api${apiPath}`;
  // Node closes an idle keep-alive connection after 5 s; a request sent on it at that moment is sent once more.
  const response = await request.fetch(url, options).catch((error: unknown) => {
    if (String(error).includes('ECONNRESET')) return request.fetch(url, options);
    throw error;
  });
  expect(response.status(), `${method} ${apiPath}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

/** A payment link of £100 on the production server, with these fields on top. */
export async function createLinkOn(request: APIRequestContext, fields: Record<string, unknown> = {}): Promise<string> {
  const link = await api(request, 'PUT', '/agent/payment-links', {
    organisation,
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
    amount: 10000,
    description: 'Deposit: Lisbon',
    ...fields,
  });
  return link.id;
}

/** Fills the pay form's hidden fields as adyen-web would, with a test card, and presses Pay. */
export async function payWithCard(page: Page, linkId: string, number: string, holderName = 'Ada Lovelace') {
  await page.goto(`/${linkId}`);
  const form = page.locator('form[data-testid="card-form"]');
  const fields = { ...testCardFields(number), holderName };
  for (const [name, value] of Object.entries(fields)) {
    await form.locator(`input[type="hidden"][name="${name}"]`).evaluate((input: HTMLInputElement, v) => {
      input.value = v;
    }, value);
  }
  await form.getByTestId('pay-button').click();
}

/** Every attempt on a link, as the API's Transaction objects, oldest first. */
export async function linkTransactions(request: APIRequestContext, linkId: string): Promise<Transaction[]> {
  const link = await api(request, 'GET', `/agent/payment-links/${linkId}`);
  const all: Transaction[] = await Promise.all(
    link.transactions.map((t: { id: string }) => api(request, 'GET', `/agent/transactions/${t.id}`)),
  );
  return all.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function onlyTransaction(request: APIRequestContext, linkId: string): Promise<Transaction> {
  const all = await linkTransactions(request, linkId);
  expect(all).toHaveLength(1);
  return all[0]!;
}

/** Adyen's PSP reference of a payment (a held challenge's carries ":manual" in our record). */
export const pspOf = (transaction: Pick<Transaction, 'provider_reference'>) =>
  String(transaction.provider_reference).replace(/:manual$/, '');

/** The Checkout API calls the product made whose body names this reference (our transaction id). */
export const paymentCallsFor = async (reference: string) =>
  (await adyen.requests()).filter((r) => r.body?.reference === reference);

/** The modification calls (captures, refunds, reversals, cancels) made on a payment's PSP reference. */
export async function modificationsOf(psp: string) {
  return (await adyen.requests())
    .filter((r) => r.path.startsWith(`/payments/${psp}/`))
    .map((r) => [r.path.slice(`/payments/${psp}`.length), r.status]);
}

/** A page that must not show a server error or a stack trace. */
export async function expectNoServerError(page: Page) {
  await expect(page.locator('body')).not.toContainText(/Application error|Internal Server Error|at \w+ \(|\.ts:\d+/);
}

/**
 * No request of the product broke Adyen's v71 request schemas (the simulator checks every one) while the test ran:
 * the simulator's list is one for every spec, so each test looks only at what was added during it.
 */
export function checkAdyenViolations() {
  let before = 0;
  test.beforeEach(async () => {
    before = (await adyen.violations()).length;
  });
  test.afterEach(async () => {
    expect((await adyen.violations()).slice(before)).toEqual([]);
  });
}
