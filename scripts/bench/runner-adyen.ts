import { randomUUID } from 'node:crypto';
import type { AdyenSimulator } from '../../tests/support/adyen-simulator';

/*
 * The runner scenarios against Adyen: the workers run MODE=production with
 * ADYEN_CHECKOUT_URL on the test suite's Adyen simulator (tests/support/
 * adyen-simulator, docs/adyen-simulator.md), hosted by this bench process and
 * answering every call after SIMULATOR_LATENCY_MS, as Adyen's Checkout API
 * does from Europe. The simulator only charges a stored card it issued to that
 * shopper (422 "800 Contract not found" otherwise), so the seed stores one
 * card by a real /payments call with storePaymentMethod and gives its token to
 * every saved card, as the sandbox scenarios do with the sandbox's token.
 */
export const SIMULATOR_LATENCY_MS = 250;

export async function startBenchSimulator(): Promise<AdyenSimulator> {
  const { startAdyenSimulator } = await import('../../tests/support/adyen-simulator');
  return startAdyenSimulator({ latencyMs: SIMULATOR_LATENCY_MS });
}

/** The token of one card stored at the simulator (Visa 4111 1111 1111 1111, adyen-web's test encryption). */
export async function storeCardAtSimulator(sim: AdyenSimulator): Promise<string> {
  const { AdyenProcessor } = await import('@/lib/payments/processor');
  const processor = new AdyenProcessor({
    apiKey: sim.apiKey,
    merchantAccount: sim.merchantAccount,
    checkoutUrl: sim.url,
    timeoutMs: 30_000,
  });
  const reference = randomUUID();
  const result = await processor.authorise({
    reference,
    amount: 10_000,
    currency: 'GBP',
    capture: true,
    storeCard: true,
    returnUrl: 'http://127.0.0.1/bench/return',
    idempotencyKey: `bench-seed-${reference}`,
    method: {
      kind: 'adyen_encrypted',
      holderName: 'Bench Runner',
      fields: {
        encryptedCardNumber: 'test_4111111111111111',
        encryptedExpiryMonth: 'test_03',
        encryptedExpiryYear: 'test_2030',
        encryptedSecurityCode: 'test_737',
      },
    },
  });
  if (result.status !== 'authorised' || !result.storedCardToken)
    throw new Error(`storing a card at the Adyen simulator answered ${JSON.stringify(result)}`);
  return result.storedCardToken;
}

/** What a worker needs to run against the simulator in production mode (lib/startup-check.ts refuses less). */
export function simulatorWorkerEnv(sim: AdyenSimulator): Record<string, string> {
  return {
    MODE: 'production',
    ADYEN_CHECKOUT_URL: sim.url,
    ADYEN_API_KEY: sim.apiKey,
    ADYEN_MERCHANT_ACCOUNT: sim.merchantAccount,
    ADYEN_CLIENT_KEY: 'test_BENCHRUNNERCLIENTKEY',
    ADYEN_HMAC_KEY: sim.hmacKey,
    TOKEN_SECRET: 'bench-runner-token-secret-0123456789abcdef',
  };
}

/**
 * The simulator's own record of stored-card charges: every POST /payments with a storedPaymentMethodId it
 * answered, by Idempotency-Key (AdyenProcessor keys a charge by its transaction id), with its amount and
 * whether it was a 200 (a replay of a key is answered from the first answer, and would be listed twice here).
 */
export function simulatorCharges(
  sim: AdyenSimulator,
): { idempotency_key: string | null; amount: number; authorised: boolean }[] {
  return sim.requests.flatMap((request) => {
    const body = request.body as {
      paymentMethod?: { storedPaymentMethodId?: unknown };
      amount?: { value?: unknown };
    } | null;
    if (request.path !== '/payments' || typeof body?.paymentMethod?.storedPaymentMethodId !== 'string') return [];
    return [
      {
        idempotency_key: request.headers['idempotency-key'] ?? null,
        amount: Number(body.amount?.value ?? 0),
        authorised: request.status === 200,
      },
    ];
  });
}
