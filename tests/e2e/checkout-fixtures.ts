import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { requiredEnv } from './e2e-env';

/*
 * Payment links for the checkout journeys, made through the public API with the
 * sandbox's full-access key (never by writing rows), and the card fields filled as a customer would.
 */
export const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
const sandboxDataDir = requiredEnv('E2E_SANDBOX_DATA_DIR');

async function token(request: APIRequestContext): Promise<string> {
  const [key] = JSON.parse(fs.readFileSync(path.join(sandboxDataDir, 'sandbox-credentials.json'), 'utf8')).keys;
  const response = await request.post(`${sandboxUrl}/api/token`, {
    data: { public_key: key.public_key, private_key: key.private_key },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.token;
}

export async function createLink(request: APIRequestContext, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await request.put(`${sandboxUrl}/api/agent/payment-links`, {
    headers: { Authorization: `Bearer ${await token(request)}` },
    data: {
      organisation: 'org_sandbox_travel',
      customer_name: 'Ada Lovelace',
      email: 'ada@example.com',
      amount: 10000,
      description: 'Deposit: Lisbon',
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.id;
}

export async function deleteLink(request: APIRequestContext, id: string): Promise<void> {
  const response = await request.delete(`${sandboxUrl}/api/agent/payment-links/${id}`, {
    headers: { Authorization: `Bearer ${await token(request)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function fillCard(page: Page, number: string, name = 'Ada Lovelace') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill(name);
}

/**
 * Waits until the page has checked the typed card (its facts, why it is refused, or that nothing could be
 * learnt: a paused link asks nobody), so a journey pays what the page showed. The facts line has its place
 * kept (the Pay button no longer moves when it arrives: card-entry.spec.ts); a surcharge or a refusal still
 * adds a notice above the button.
 */
export async function cardChecked(page: Page) {
  await expect(page.getByTestId('card-facts')).not.toHaveAttribute('data-check', 'none');
}
