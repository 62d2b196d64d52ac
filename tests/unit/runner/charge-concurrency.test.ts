import { afterEach, describe, expect, it, vi } from 'vitest';
import { chargeConcurrency, DEFAULT_CHARGE_CONCURRENCY } from '@/lib/runner/scheduled-payments-step';

afterEach(() => vi.unstubAllEnvs());

describe('RUNNER_CHARGE_CONCURRENCY (docs/runner.md)', () => {
  it('defaults to 100 on PostgreSQL and 8 on the embedded PGlite', () => {
    vi.stubEnv('RUNNER_CHARGE_CONCURRENCY', '');
    vi.stubEnv('DATABASE_URL', 'postgres://db.example/travel');
    expect(chargeConcurrency()).toBe(DEFAULT_CHARGE_CONCURRENCY);
    expect(DEFAULT_CHARGE_CONCURRENCY).toBe(100);
    vi.stubEnv('DATABASE_URL', '');
    expect(chargeConcurrency()).toBe(8);
  });

  it('takes a whole number from 1 to 1000, and the default for anything else', () => {
    vi.stubEnv('DATABASE_URL', 'postgres://db.example/travel');
    vi.stubEnv('RUNNER_CHARGE_CONCURRENCY', '160');
    expect(chargeConcurrency()).toBe(160);
    for (const bad of ['0', '-4', '2.5', '5000', 'lots']) {
      vi.stubEnv('RUNNER_CHARGE_CONCURRENCY', bad);
      expect(chargeConcurrency(), bad).toBe(100);
    }
  });
});
