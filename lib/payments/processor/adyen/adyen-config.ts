/**
 * How the Adyen adapter reaches Adyen. Read from the environment here rather
 * than in lib/config.ts because only this adapter needs it; MODE=production
 * decides that Adyen runs at all, and start-up refuses production without these keys.
 */
export type AdyenConfig = {
  apiKey: string;
  merchantAccount: string;
  /** Checkout API base, version included, no trailing slash. */
  checkoutUrl: string;
  /** Every call gives up after this long (ADYEN_TIMEOUT_MS, default 30 s); a money-moving call that times out is an unknown outcome. */
  timeoutMs?: number;
};

export const defaultTimeoutMs = 30_000;
export const defaultCheckoutUrl = 'https://checkout-test.adyen.com/v71';

export function adyenConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AdyenConfig {
  const apiKey = env.ADYEN_API_KEY;
  const merchantAccount = env.ADYEN_MERCHANT_ACCOUNT;
  if (!apiKey || !merchantAccount) throw new Error('ADYEN_API_KEY and ADYEN_MERCHANT_ACCOUNT must both be set for the Adyen processor');
  const timeout = Number(env.ADYEN_TIMEOUT_MS);
  return {
    apiKey, merchantAccount, checkoutUrl: (env.ADYEN_CHECKOUT_URL || defaultCheckoutUrl).replace(/\/+$/, ''),
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : defaultTimeoutMs,
  };
}
