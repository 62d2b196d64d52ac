import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Frame, type Page } from '@playwright/test';
import { startMerchantServer } from './support/sdk-parent';
import { requiredEnv } from './e2e-env';

/* Ecommerce sessions and settings for the embed journeys, through the public API with the sandbox's full-access key. */
export const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
const sandboxDataDir = requiredEnv('E2E_SANDBOX_DATA_DIR');

/** The sandbox's full-access key: its public key is what a merchant's page gives the SDK (and INITIATE_PAY). */
export const sandboxKey = (): { public_key: string; private_key: string } =>
  JSON.parse(fs.readFileSync(path.join(sandboxDataDir, 'sandbox-credentials.json'), 'utf8')).keys[0];

async function token(request: APIRequestContext): Promise<string> {
  const key = sandboxKey();
  const response = await request.post(`${sandboxUrl}/api/token`, {
    data: { public_key: key.public_key, private_key: key.private_key },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.token;
}

async function api(
  request: APIRequestContext,
  method: 'put' | 'post' | 'get' | 'delete',
  path: string,
  data?: unknown,
) {
  const response = await request[method](`${sandboxUrl}/api${path}`, {
    headers: { Authorization: `Bearer ${await token(request)}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data;
}

export async function createSession(request: APIRequestContext, fields: Record<string, unknown> = {}): Promise<string> {
  const session = await api(request, 'put', '/agent/ecommerce', {
    organisation: 'org_sandbox_travel',
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
    amount: 4500,
    description: 'Lisbon: city tour',
    ...fields,
  });
  return session.id;
}

export async function createBooking(request: APIRequestContext): Promise<string> {
  const booking = await api(request, 'put', '/agent/bookings', {
    organisation: 'org_sandbox_travel',
    booking_reference: `EMB-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
  });
  return booking.id;
}

export const deleteSession = (request: APIRequestContext, id: string) =>
  api(request, 'delete', `/agent/ecommerce/${id}`);
export const getTransaction = (request: APIRequestContext, id: string) =>
  api(request, 'get', `/agent/transactions/${id}`);
export const setEmbedOrigins = (request: APIRequestContext, organisation: string, origins: string[]) =>
  api(request, 'post', `/agent/organisations/${organisation}/settings`, { allowed_embed_origins: origins });

/** The messages the merchant's page received so far, parsed (each must have been a string). */
export async function received(page: Page): Promise<Record<string, unknown>[]> {
  const raw = await page.evaluate(() => (window as unknown as { recorded: { type: string; data: string }[] }).recorded);
  return raw.map((m) => (m.type === 'string' ? JSON.parse(m.data) : { notAString: m.data }));
}

export const stages = async (page: Page) => (await received(page)).filter((m) => 'stage' in m);

/** Waits until the parent has received a message with these fields, and returns it. */
export async function waitForMessage(page: Page, match: Record<string, unknown>): Promise<Record<string, unknown>> {
  const matches = (m: Record<string, unknown>) => Object.entries(match).every(([k, v]) => m[k] === v);
  await expect
    .poll(async () => (await received(page)).some(matches), { message: `message ${JSON.stringify(match)}` })
    .toBe(true);
  return (await received(page)).find(matches)!;
}

/** The embed's frame inside the merchant's page. */
export const embedFrame = (page: Page) => page.frameLocator('#payment-iframe iframe');

export async function fillCardIn(frame: ReturnType<Page['frameLocator']> | Frame | Page, number: string) {
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await frame.getByLabel('Security code (CVC)').fill('123');
  await frame.getByLabel('Name on card').fill('Ada Lovelace');
}

/**
 * A merchant's web server for the spec file's workers (support/sdk-parent.ts), and
 * `open`: its page (host merchant.localhost unless told) framing a session with these flags.
 */
export function merchantServer() {
  let server: Awaited<ReturnType<typeof startMerchantServer>>;
  test.beforeAll(async () => {
    server = await startMerchantServer(sandboxUrl);
  });
  test.afterAll(async () => {
    await server.close();
  });
  return {
    port: () => server.port,
    open: async (
      page: Page,
      session: string,
      { flags = '', host = 'merchant.localhost', key = sandboxKey().public_key } = {},
    ) => {
      await page.goto(`http://${host}:${server.port}/?${new URLSearchParams({ session, flags, key })}`);
    },
  };
}
