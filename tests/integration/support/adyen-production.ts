import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startAdyenSimulator, type AdyenSimulator } from '../../support/adyen-simulator';

const settings = [
  'MODE',
  'ADYEN_CHECKOUT_URL',
  'ADYEN_API_KEY',
  'ADYEN_MERCHANT_ACCOUNT',
  'ADYEN_HMAC_KEY',
  'ADYEN_TIMEOUT_MS',
] as const;

/**
 * A test file's tests in MODE=production against an Adyen simulator of their own (tests/support/adyen-simulator):
 * started before them and closed after; the service's Adyen settings pointed at it for each test and put back after
 * it; and after each test, no request the simulator received broke Checkout v71's description.
 * `timeoutMs`: ADYEN_TIMEOUT_MS (unset: the service's default); `latencyMs`: the simulator's own delay.
 * Returns the simulator, for hooks and tests (it exists from the first beforeAll on).
 */
export function withAdyenSimulator(options: { timeoutMs?: number; latencyMs?: number } = {}): () => AdyenSimulator {
  let sim: AdyenSimulator | undefined;
  const saved = Object.fromEntries(settings.map((name) => [name, process.env[name]]));
  beforeAll(async () => {
    sim = await startAdyenSimulator({ latencyMs: options.latencyMs ?? 0 });
  });
  afterAll(() => sim?.close());
  beforeEach(() => {
    Object.assign(process.env, {
      MODE: 'production',
      ADYEN_CHECKOUT_URL: sim!.url,
      ADYEN_API_KEY: sim!.apiKey,
      ADYEN_MERCHANT_ACCOUNT: sim!.merchantAccount,
      ADYEN_HMAC_KEY: sim!.hmacKey,
    });
    if (options.timeoutMs) process.env.ADYEN_TIMEOUT_MS = String(options.timeoutMs);
  });
  afterEach(() => {
    for (const name of settings)
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    expect(sim!.violations).toEqual([]);
  });
  return () => sim!;
}
