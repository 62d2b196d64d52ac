import { expect } from '@playwright/test';
import { requiredEnv } from '../e2e-env';

/*
 * The Adyen simulator behind the production test server (playwright.config.ts starts it), through its
 * test hooks (tests/support/adyen-simulator/control.ts): what the product sent it, and the
 * notifications it delivers when a spec says so (late, as Adyen's may be).
 */
const controlUrl = () => requiredEnv('E2E_ADYEN_CONTROL_URL');

async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${controlUrl()}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const json = (await response.json()) as T;
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

export type SimulatedRequest = {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  status: number;
};

export const adyen = {
  /** Every Checkout API call the product made, in order (path without /v71). */
  requests: () => control<SimulatedRequest[]>('GET', '/requests'),
  /** The calls whose body names this reference (our transaction id) or that went to one of its modification paths. */
  async requestsFor(reference: string) {
    return (await adyen.requests()).filter((r) => r.body?.reference === reference);
  },
  violations: () => control<string[]>('GET', '/violations'),
  /** The origin of the simulator's pages (3-D Secure, bank) a shopper is sent to. */
  origin: async () => new URL((await control<{ url: string }>('GET', '/health')).url).origin,
  /** Delivers the queued notifications (all, or one event code / merchant reference); the product's HTTP statuses. */
  deliver: (
    filter: { eventCode?: string; merchantReference?: string; order?: 'sent' | 'reversed'; repeat?: number } = {},
  ) => control<number[]>('POST', '/deliver', filter),
  /** The next request to `path` (whose body holds `answer.bodyIncludes`, when given) gets `answer` (failures.ts). */
  failNext: (path: string, answer: Record<string, unknown>, times = 1) =>
    control('POST', '/fail-next', { path, answer, times }),
};

/** Adyen's documented test values in place of adyen-web's encrypted fields ("test_" + the plain value). */
export function testCardFields(number: string) {
  return {
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    bin: number.slice(0, 8),
    lastFour: number.slice(-4),
  };
}
