import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { requiredEnv } from './e2e-env';

/*
 * What the card-entry journeys need beyond checkout-fixtures.ts, all through the
 * public API (never by writing rows): bookings, a link's attempts and their
 * transactions, a booking's saved cards; and links on the production server,
 * whose API key scripts/e2e-production-seed.ts made before it started.
 */
const servers = {
  sandbox: {
    url: requiredEnv('E2E_SANDBOX_URL'),
    credentials: () => {
      const [key] = JSON.parse(
        fs.readFileSync(path.join(requiredEnv('E2E_SANDBOX_DATA_DIR'), 'sandbox-credentials.json'), 'utf8'),
      ).keys;
      return { ...key, organisation: 'org_sandbox_travel' };
    },
  },
  production: {
    url: requiredEnv('E2E_PRODUCTION_URL'),
    credentials: () =>
      JSON.parse(fs.readFileSync(path.join(requiredEnv('E2E_PRODUCTION_DATA_DIR'), 'e2e-credentials.json'), 'utf8')),
  },
};
type Server = keyof typeof servers;

/**
 * Node's server closes an idle keep-alive connection after 5 s; a request sent on it at that
 * moment fails with ECONNRESET before the server read it. Such a request is sent once more.
 */
async function send(request: APIRequestContext, url: string, options: Parameters<APIRequestContext['fetch']>[1]) {
  try {
    return await request.fetch(url, options);
  } catch (error) {
    if (!String(error).includes('ECONNRESET')) throw error;
    return request.fetch(url, options);
  }
}

export async function call(
  request: APIRequestContext,
  server: Server,
  method: 'GET' | 'PUT' | 'POST',
  apiPath: string,
  data?: unknown,
) {
  const { url, credentials } = servers[server];
  const key = credentials();
  const auth = await send(request, `${url}/api/token`, {
    method: 'POST',
    data: { public_key: key.public_key, private_key: key.private_key },
  });
  expect(auth.status(), await auth.text()).toBe(200);
  const response = await send(request, `${url}/api${apiPath}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${(await auth.json()).data.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data;
}

export async function createLinkOn(
  request: APIRequestContext,
  server: Server,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const { organisation } = servers[server].credentials();
  const link = await call(request, server, 'PUT', '/agent/payment-links', {
    organisation,
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
    amount: 10000,
    description: 'Deposit: Lisbon',
    ...fields,
  });
  return link.id;
}

export async function createBooking(request: APIRequestContext): Promise<string> {
  const booking = await call(request, 'sandbox', 'PUT', '/agent/bookings', {
    // SBX-<digits> like the seeded bookings: home.spec.ts checks every booking of the sandbox looks like one.
    organisation: 'org_sandbox_travel',
    booking_reference: `SBX-${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
  });
  return booking.id;
}

/** Every attempt on a link, as the API's Transaction objects (status, surcharge, dcc, card facts), oldest first. */
export async function linkTransactions(request: APIRequestContext, linkId: string) {
  const link = await call(request, 'sandbox', 'GET', `/agent/payment-links/${linkId}`);
  const ids: string[] = link.transactions.map((t: { id: string }) => t.id);
  const all = await Promise.all(ids.map((id) => call(request, 'sandbox', 'GET', `/agent/transactions/${id}`)));
  return all.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function availableTokens(request: APIRequestContext, bookingId: string) {
  return call(request, 'sandbox', 'GET', `/payment/booking/${bookingId}/available-tokens`);
}

/** Types a card number and waits until the page has asked the server for its facts. */
export async function typeCardNumber(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await expect(page.getByTestId('card-checking')).toHaveText('');
}
