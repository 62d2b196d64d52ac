import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db/types';
import { processorFor } from '@/lib/payments/processor';
import { adyenConfigFromEnv } from '@/lib/payments/processor/adyen/adyen-config';

const db = {} as Db;

describe('processorFor', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the sandbox in sandbox mode, even with processor keys', () => {
    vi.stubEnv('MODE', 'sandbox');
    vi.stubEnv('ADYEN_API_KEY', 'AQE_key');
    vi.stubEnv('ADYEN_MERCHANT_ACCOUNT', 'TravelPayECOM');
    expect(processorFor(db).name).toBe('sandbox');
  });

  it('is Adyen in production mode, on the v71 test endpoint unless told otherwise', () => {
    vi.stubEnv('MODE', 'production');
    vi.stubEnv('ADYEN_API_KEY', 'AQE_key');
    vi.stubEnv('ADYEN_MERCHANT_ACCOUNT', 'TravelPayECOM');
    vi.stubEnv('ADYEN_CHECKOUT_URL', '');
    vi.stubEnv('ADYEN_ENVIRONMENT', '');
    expect(processorFor(db).name).toBe('adyen');
    expect(adyenConfigFromEnv()).toEqual({
      apiKey: 'AQE_key',
      merchantAccount: 'TravelPayECOM',
      checkoutUrl: 'https://checkout-test.adyen.com/v71',
      timeoutMs: 30_000,
    });
    vi.stubEnv('ADYEN_ENVIRONMENT', 'live');
    vi.stubEnv('ADYEN_CHECKOUT_URL', 'https://abc123-TravelPay-checkout-live.adyenpayments.com/checkout/v71/');
    expect(adyenConfigFromEnv().checkoutUrl).toBe(
      'https://abc123-TravelPay-checkout-live.adyenpayments.com/checkout/v71',
    );
  });
});
