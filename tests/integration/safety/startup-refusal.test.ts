import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');

/** Runs a real entry point with only the given environment (plus PATH and HOME). */
function start(script: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-pay-refusal-'));
  try {
    const result = spawnSync(process.execPath, ['--import', 'tsx', script, '--once'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH!,
        HOME: process.env.HOME ?? os.tmpdir(),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        ...env,
      } as NodeJS.ProcessEnv,
    });
    // Refused before the database was opened: the embedded data folder was never created.
    return { status: result.status, stderr: result.stderr, opened: fs.existsSync(path.join(dataDir, 'pglite')) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// One process start is a few seconds; the refusal does not depend on the test database, so
// vitest.config.mts runs this file in the PGlite project only.
describe('start-up refusal of a real process', () => {
  it('the worker refuses production without keys: one line, exit 1, nothing opened', () => {
    const result = start('scripts/worker.ts', { MODE: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'worker: refusing to start: MODE=production needs ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY, ADYEN_HMAC_KEY, TOKEN_SECRET. See the Configuration table in README.md.',
    );
    expect(result.opened).toBe(false);
  });

  // Every other production setting present, so each refusal is for the one thing named.
  const production = {
    MODE: 'production',
    ADYEN_API_KEY: 'AQE_key',
    ADYEN_MERCHANT_ACCOUNT: 'TravelPayECOM',
    ADYEN_CLIENT_KEY: 'live_CLIENTKEY',
    ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
    TOKEN_SECRET: 'x'.repeat(32),
  };

  it("the worker refuses production without the notifications' HMAC key", () => {
    const result = start('scripts/worker.ts', { ...production, ADYEN_HMAC_KEY: '' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'worker: refusing to start: MODE=production needs ADYEN_HMAC_KEY. See the Configuration table in README.md.',
    );
    expect(result.opened).toBe(false);
  });

  it("the operator refuses a live environment on Adyen's test Checkout URL, the default included", () => {
    const result = start('scripts/operator.ts', {
      ...production,
      ADYEN_ENVIRONMENT: 'live',
      ADYEN_CHECKOUT_URL: 'https://checkout-test.adyen.com/v71',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^operator: refusing to start: ADYEN_ENVIRONMENT is live but ADYEN_CHECKOUT_URL is Adyen's test endpoint/,
    );
    expect(result.opened).toBe(false);
    const unset = start('scripts/operator.ts', { ...production, ADYEN_ENVIRONMENT: 'live-us' });
    expect(unset.status).toBe(1);
    expect(unset.stderr).toMatch(
      /^operator: refusing to start: ADYEN_ENVIRONMENT is live but ADYEN_CHECKOUT_URL is not set/,
    );
  });

  it('the operator refuses a PostgreSQL server without MODE before connecting to it', () => {
    const result = start('scripts/operator.ts', { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^operator: refusing to start: DATABASE_URL is set but MODE is not/);
  });
});
