import { describe, expect, it } from 'vitest';
import { serviceMode } from '@/lib/config';
import { adyenConfigFromEnv, checkoutPlatform } from '@/lib/payments/processor/adyen/adyen-config';
import { startupProblem } from '@/lib/startup-check';

/** A live Checkout endpoint's shape: the company account's prefix (docs.adyen.com/development-resources/live-endpoints). */
const liveUrl = 'https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout/v71';
const production = {
  MODE: 'production',
  ADYEN_API_KEY: 'AQE_key',
  ADYEN_MERCHANT_ACCOUNT: 'TravelPayECOM',
  ADYEN_CLIENT_KEY: 'test_CLIENTKEY',
  ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
  TOKEN_SECRET: 'x'.repeat(32),
};

describe('startupProblem', () => {
  it('lets the embedded sandbox start with nothing set, and an explicit sandbox anywhere', () => {
    expect(startupProblem({})).toBeNull();
    expect(startupProblem({ MODE: 'sandbox' })).toBeNull();
    expect(startupProblem({ MODE: 'sandbox', DATABASE_URL: 'postgres://db/x' })).toBeNull();
  });

  it('refuses a PostgreSQL server until MODE is given', () => {
    expect(startupProblem({ DATABASE_URL: 'postgres://db/x' })).toMatch(/DATABASE_URL is set but MODE is not/);
    // Processor keys alone no longer choose production.
    expect(
      startupProblem({ DATABASE_URL: 'postgres://db/x', ADYEN_API_KEY: 'k', ADYEN_MERCHANT_ACCOUNT: 'm' }),
    ).toMatch(/MODE is not/);
  });

  it('refuses a WEBHOOK_DENY_CIDRS entry that is not an address or CIDR, in every mode', () => {
    expect(startupProblem({ WEBHOOK_DENY_CIDRS: '203.0.113.0/24, 2001:db8:1::/48 198.51.100.7' })).toBeNull();
    expect(startupProblem({ WEBHOOK_DENY_CIDRS: '203.0.113.0/24,example.com' })).toMatch(
      /WEBHOOK_DENY_CIDRS: "example.com"/,
    );
    expect(startupProblem({ ...production, WEBHOOK_DENY_CIDRS: '10.0.0.0/33' })).toMatch(
      /WEBHOOK_DENY_CIDRS: "10.0.0.0\/33"/,
    );
    expect(startupProblem({ MODE: 'sandbox', WEBHOOK_DENY_CIDRS: '10.0.0.0/8/1' })).toMatch(
      /is not an IP address or CIDR/,
    );
  });

  it('refuses an unknown MODE', () => {
    expect(startupProblem({ MODE: 'prod' })).toBe('MODE must be sandbox or production (got "prod")');
    expect(startupProblem({ MODE: 'Production' })).toMatch(/MODE must be/);
  });

  it('refuses production without processor keys or a token secret, naming each', () => {
    expect(startupProblem(production)).toBeNull();
    expect(startupProblem({ ...production, DATABASE_URL: 'postgres://db/x' })).toBeNull();
    expect(startupProblem({ MODE: 'production' })).toBe(
      'MODE=production needs ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY, ADYEN_HMAC_KEY, TOKEN_SECRET',
    );
    expect(startupProblem({ ...production, ADYEN_MERCHANT_ACCOUNT: ' ' })).toBe(
      'MODE=production needs ADYEN_MERCHANT_ACCOUNT',
    );
    expect(startupProblem({ ...production, TOKEN_SECRET: '' })).toBe('MODE=production needs TOKEN_SECRET');
    expect(startupProblem({ ...production, TOKEN_SECRET: 'short' })).toMatch(
      /TOKEN_SECRET must be at least 32 characters/,
    );
  });

  it('needs the browser key of the Adyen Card component, and an ADYEN_ENVIRONMENT Adyen knows', () => {
    expect(startupProblem({ ...production, ADYEN_CLIENT_KEY: '' })).toBe('MODE=production needs ADYEN_CLIENT_KEY');
    expect(startupProblem({ ...production, ADYEN_ENVIRONMENT: 'live-us', ADYEN_CHECKOUT_URL: liveUrl })).toBeNull();
    expect(startupProblem({ ...production, ADYEN_ENVIRONMENT: 'LIVE', ADYEN_CHECKOUT_URL: liveUrl })).toBeNull();
    expect(startupProblem({ ...production, ADYEN_ENVIRONMENT: 'production' })).toMatch(
      /ADYEN_ENVIRONMENT must be one of test, live/,
    );
  });
});

describe('startupProblem: notifications and the Checkout URL', () => {
  it("refuses production without the notifications' HMAC key, or with one that is not hex; the sandbox needs none", () => {
    expect(startupProblem({ ...production, ADYEN_HMAC_KEY: '' })).toBe('MODE=production needs ADYEN_HMAC_KEY');
    expect(startupProblem({ ...production, ADYEN_HMAC_KEY: '  ' })).toBe('MODE=production needs ADYEN_HMAC_KEY');
    expect(startupProblem({ ...production, ADYEN_HMAC_KEY: 'not-hex-at-all' })).toMatch(
      /^ADYEN_HMAC_KEY must be the hex key/,
    );
    expect(startupProblem({ ...production, ADYEN_HMAC_KEY: 'ABC' })).toMatch(/^ADYEN_HMAC_KEY must be the hex key/);
    expect(startupProblem({ MODE: 'sandbox' })).toBeNull();
    expect(startupProblem({ MODE: 'sandbox', ADYEN_HMAC_KEY: '' })).toBeNull();
  });

  it("a live environment needs its own Checkout URL: no default, never Adyen's test host", () => {
    const live = { ...production, ADYEN_ENVIRONMENT: 'live' };
    expect(startupProblem(live)).toMatch(/^ADYEN_ENVIRONMENT is live but ADYEN_CHECKOUT_URL is not set/);
    expect(startupProblem({ ...live, ADYEN_CHECKOUT_URL: 'https://checkout-test.adyen.com/v71' })).toMatch(
      /^ADYEN_ENVIRONMENT is live but ADYEN_CHECKOUT_URL is Adyen's test endpoint/,
    );
    expect(
      startupProblem({
        ...live,
        ADYEN_ENVIRONMENT: 'live-au',
        ADYEN_CHECKOUT_URL: 'https://CHECKOUT-TEST.adyen.com./v71',
      }),
    ).toMatch(/test endpoint/);
    expect(startupProblem({ ...live, ADYEN_CHECKOUT_URL: liveUrl })).toBeNull();
    // An explicit URL that is not Adyen's (a proxy in front of it, a simulator) is the operator's choice.
    expect(
      startupProblem({ ...live, ADYEN_CHECKOUT_URL: 'https://adyen-proxy.internal.example/checkout/v71' }),
    ).toBeNull();
    expect(startupProblem({ ...live, ADYEN_CHECKOUT_URL: 'not a url' })).toBe(
      'ADYEN_CHECKOUT_URL must be an http(s) URL',
    );
    expect(startupProblem({ ...live, ADYEN_CHECKOUT_URL: 'ftp://checkout.example/v71' })).toBe(
      'ADYEN_CHECKOUT_URL must be an http(s) URL',
    );
    expect(startupProblem({ ...live, ADYEN_CHECKOUT_URL: 'https://www.adyen.com/v71' })).toMatch(
      /not a Checkout endpoint/,
    );
  });

  it('the test environment keeps its default, refuses a live host, and allows a simulator', () => {
    expect(startupProblem(production)).toBeNull();
    expect(
      startupProblem({
        ...production,
        ADYEN_ENVIRONMENT: 'test',
        ADYEN_CHECKOUT_URL: 'https://checkout-test.adyen.com/v71',
      }),
    ).toBeNull();
    expect(startupProblem({ ...production, ADYEN_CHECKOUT_URL: liveUrl })).toMatch(
      /^ADYEN_ENVIRONMENT is test but ADYEN_CHECKOUT_URL is an Adyen live endpoint/,
    );
    expect(startupProblem({ ...production, ADYEN_CHECKOUT_URL: 'https://checkoutshopper-live.adyen.com/x' })).toMatch(
      /live endpoint/,
    );
    expect(startupProblem({ ...production, ADYEN_CHECKOUT_URL: 'http://127.0.0.1:4010/v71' })).toBeNull();
  });

  it('the adapter refuses the same mismatches, and has no default for a live environment', () => {
    const keys = { ADYEN_API_KEY: 'k', ADYEN_MERCHANT_ACCOUNT: 'm' };
    expect(adyenConfigFromEnv(keys).checkoutUrl).toBe('https://checkout-test.adyen.com/v71');
    expect(() => adyenConfigFromEnv({ ...keys, ADYEN_ENVIRONMENT: 'live' })).toThrow(/ADYEN_CHECKOUT_URL is not set/);
    expect(() =>
      adyenConfigFromEnv({
        ...keys,
        ADYEN_ENVIRONMENT: 'live',
        ADYEN_CHECKOUT_URL: 'https://checkout-test.adyen.com/v71',
      }),
    ).toThrow(/test endpoint/);
    expect(
      adyenConfigFromEnv({ ...keys, ADYEN_ENVIRONMENT: 'live', ADYEN_CHECKOUT_URL: `${liveUrl}/` }).checkoutUrl,
    ).toBe(liveUrl);
    expect(checkoutPlatform('abc123-TravelPay-checkout-live.adyenpayments.com')).toBe('live');
    expect(checkoutPlatform('checkout-test.adyen.com')).toBe('test');
    expect(checkoutPlatform('adyen.com.evil.example')).toBe('other');
    expect(checkoutPlatform('notadyen.com')).toBe('other');
  });
});

describe('serviceMode', () => {
  it('reads MODE, never the processor keys', () => {
    expect(serviceMode({})).toBe('sandbox');
    expect(serviceMode({ ADYEN_API_KEY: 'k', ADYEN_MERCHANT_ACCOUNT: 'm' })).toBe('sandbox');
    expect(serviceMode({ MODE: 'production' })).toBe('production');
    expect(serviceMode({ MODE: 'sandbox', ADYEN_API_KEY: 'k', ADYEN_MERCHANT_ACCOUNT: 'm' })).toBe('sandbox');
  });

  it('fails closed: a MODE that is neither serves no sandbox feature', () => {
    expect(serviceMode({ MODE: 'sandbx' })).toBe('production');
  });
});
