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

type EnvLike = Readonly<Record<string, string | undefined>>;

export const defaultTimeoutMs = 30_000;
/** The test platform's Checkout API; the default only when ADYEN_ENVIRONMENT is test (see checkoutUrlProblem). */
export const defaultCheckoutUrl = 'https://checkout-test.adyen.com/v71';

/** Whether ADYEN_ENVIRONMENT names a live platform (live, live-us, ...); unset is test, as in lib/config.ts. */
const isLiveEnvironment = (env: EnvLike) => (env.ADYEN_ENVIRONMENT?.trim().toLowerCase() || 'test').startsWith('live');

/**
 * The Adyen platform a Checkout URL's host belongs to. Test: `checkout-test.adyen.com`
 * (docs.adyen.com/api-explorer/Checkout/71). Live endpoints are per company account,
 * `https://{PREFIX}-checkout-live.adyenpayments.com/checkout/v71`
 * (docs.adyen.com/development-resources/live-endpoints); `*-live*.adyen.com` is live too.
 * `other`: not Adyen's at all (a proxy in front of Adyen, a simulator), which an operator
 * configures on purpose. `unknown`: an Adyen host that is neither.
 */
export function checkoutPlatform(host: string): 'test' | 'live' | 'other' | 'unknown' {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'adyenpayments.com' || name.endsWith('.adyenpayments.com')) return 'live';
  if (name !== 'adyen.com' && !name.endsWith('.adyen.com')) return 'other';
  if (/-test\.adyen\.com$/.test(name)) return 'test';
  if (/-live(?:-[a-z]+)?\.adyen\.com$/.test(name)) return 'live';
  return 'unknown';
}

/**
 * Why ADYEN_CHECKOUT_URL does not fit ADYEN_ENVIRONMENT, or null. A live environment has
 * no default (the URL carries the account's prefix) and refuses Adyen's test host, which
 * would send live card data to the test platform, or fail every payment; the test
 * environment refuses a live host. An explicit URL that is not Adyen's is allowed.
 */
export function checkoutUrlProblem(env: EnvLike): string | null {
  const live = isLiveEnvironment(env);
  const configured = env.ADYEN_CHECKOUT_URL?.trim();
  if (!configured) {
    return live
      ? 'ADYEN_ENVIRONMENT is live but ADYEN_CHECKOUT_URL is not set: set it to your live Checkout endpoint (https://{PREFIX}-checkout-live.adyenpayments.com/checkout/v71)'
      : null;
  }
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    return 'ADYEN_CHECKOUT_URL must be an http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'ADYEN_CHECKOUT_URL must be an http(s) URL';
  const platform = checkoutPlatform(url.hostname);
  if (platform === 'unknown')
    return `ADYEN_CHECKOUT_URL names an Adyen host that is not a Checkout endpoint (${url.hostname.slice(0, 80)})`;
  if (live && platform === 'test')
    return `ADYEN_ENVIRONMENT is live but ADYEN_CHECKOUT_URL is Adyen's test endpoint (${url.hostname})`;
  if (!live && platform === 'live')
    return `ADYEN_ENVIRONMENT is test but ADYEN_CHECKOUT_URL is an Adyen live endpoint (${url.hostname.slice(0, 80)})`;
  return null;
}

export function adyenConfigFromEnv(env: EnvLike = process.env): AdyenConfig {
  const apiKey = env.ADYEN_API_KEY;
  const merchantAccount = env.ADYEN_MERCHANT_ACCOUNT;
  if (!apiKey || !merchantAccount)
    throw new Error('ADYEN_API_KEY and ADYEN_MERCHANT_ACCOUNT must both be set for the Adyen processor');
  // Start-up refuses these first; checked again so no code path can pair live keys with the test platform.
  const problem = checkoutUrlProblem(env);
  if (problem) throw new Error(problem);
  const timeout = Number(env.ADYEN_TIMEOUT_MS);
  return {
    apiKey,
    merchantAccount,
    checkoutUrl: (env.ADYEN_CHECKOUT_URL?.trim() || defaultCheckoutUrl).replace(/\/+$/, ''),
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : defaultTimeoutMs,
  };
}
