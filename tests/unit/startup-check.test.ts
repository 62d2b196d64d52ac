import { describe, expect, it } from 'vitest';
import { serviceMode } from '@/lib/config';
import { startupProblem } from '@/lib/startup-check';

const production = { MODE: 'production', ADYEN_API_KEY: 'AQE_key', ADYEN_MERCHANT_ACCOUNT: 'TravelPayECOM', ADYEN_CLIENT_KEY: 'test_CLIENTKEY', TOKEN_SECRET: 'x'.repeat(32) };

describe('startupProblem', () => {
  it('lets the embedded sandbox start with nothing set, and an explicit sandbox anywhere', () => {
    expect(startupProblem({})).toBeNull();
    expect(startupProblem({ MODE: 'sandbox' })).toBeNull();
    expect(startupProblem({ MODE: 'sandbox', DATABASE_URL: 'postgres://db/x' })).toBeNull();
  });

  it('refuses a PostgreSQL server until MODE is given', () => {
    expect(startupProblem({ DATABASE_URL: 'postgres://db/x' })).toMatch(/DATABASE_URL is set but MODE is not/);
    // Processor keys alone no longer choose production.
    expect(startupProblem({ DATABASE_URL: 'postgres://db/x', ADYEN_API_KEY: 'k', ADYEN_MERCHANT_ACCOUNT: 'm' })).toMatch(/MODE is not/);
  });

  it('refuses an unknown MODE', () => {
    expect(startupProblem({ MODE: 'prod' })).toBe('MODE must be sandbox or production (got "prod")');
    expect(startupProblem({ MODE: 'Production' })).toMatch(/MODE must be/);
  });

  it('refuses production without processor keys or a token secret, naming each', () => {
    expect(startupProblem(production)).toBeNull();
    expect(startupProblem({ ...production, DATABASE_URL: 'postgres://db/x' })).toBeNull();
    expect(startupProblem({ MODE: 'production' })).toBe('MODE=production needs ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY, TOKEN_SECRET');
    expect(startupProblem({ ...production, ADYEN_MERCHANT_ACCOUNT: ' ' })).toBe('MODE=production needs ADYEN_MERCHANT_ACCOUNT');
    expect(startupProblem({ ...production, TOKEN_SECRET: '' })).toBe('MODE=production needs TOKEN_SECRET');
    expect(startupProblem({ ...production, TOKEN_SECRET: 'short' })).toMatch(/TOKEN_SECRET must be at least 32 characters/);
  });

  it('needs the browser key of the Adyen Card component, and an ADYEN_ENVIRONMENT Adyen knows', () => {
    expect(startupProblem({ ...production, ADYEN_CLIENT_KEY: '' })).toBe('MODE=production needs ADYEN_CLIENT_KEY');
    expect(startupProblem({ ...production, ADYEN_ENVIRONMENT: 'live-us' })).toBeNull();
    expect(startupProblem({ ...production, ADYEN_ENVIRONMENT: 'LIVE' })).toBeNull();
    expect(startupProblem({ ...production, ADYEN_ENVIRONMENT: 'production' })).toMatch(/ADYEN_ENVIRONMENT must be one of test, live/);
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
