import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/*
 * End-to-end tests against the PRODUCTION build (`next build` + `next start`), in
 * Debian's Chromium (/usr/bin/chromium; Playwright never downloads a browser here).
 *
 * Two servers, each with a fresh, empty data folder (so PGlite, never DATABASE_URL):
 *   - MODE=sandbox                                      on E2E_SANDBOX_PORT, default 3210;
 *   - the Adyen simulator (scripts/adyen-simulator.ts)  on E2E_ADYEN_PORT, default E2E_SANDBOX_PORT + 5, its test
 *     hooks on the next port (E2E_ADYEN_CONTROL_URL); it delivers its notifications to the production server;
 *   - a real SMTP server (scripts/e2e-smtp.ts)           on E2E_SMTP_PORT, default E2E_SANDBOX_PORT + 7, what it
 *     received readable on the next port (E2E_SMTP_CONTROL_URL): the production server's SMTP_URL;
 *   - MODE=production (ADYEN_* keys, TOKEN_SECRET set)  on E2E_PRODUCTION_PORT, default 3211, with Adyen at the simulator;
 *     scripts/e2e-production-seed.ts first writes an organisation and an API key into its
 *     data folder ($DATA_DIR/e2e-credentials.json) for specs that create links there.
 *   - MODE=sandbox, a second one                        on E2E_CLOCK_PORT, default E2E_SANDBOX_PORT + 2:
 *     for the journeys that move the sandbox test clock (group-collection.spec.ts). The clock is
 *     one per server, so moving it on the shared sandbox server would move every date (due dates,
 *     expiries) under the specs running beside it; this server serves only those journeys.
 * The first server builds the app when needed (scripts/e2e-server.sh --build); Playwright
 * starts web servers one after the other, so the second never builds concurrently.
 *
 * This file is evaluated by the runner and again by every worker; the data folders are
 * created once by the runner and handed on through environment variables, which the
 * workers inherit. The tests read them: E2E_SANDBOX_URL, E2E_SANDBOX_DATA_DIR, E2E_PRODUCTION_URL.
 */
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 3210);
const productionPort = Number(process.env.E2E_PRODUCTION_PORT ?? 3211);
const sandboxUrl = `http://localhost:${sandboxPort}`;
const productionUrl = `http://localhost:${productionPort}`;
const clockPort = Number(process.env.E2E_CLOCK_PORT ?? sandboxPort + 2);
const clockUrl = `http://localhost:${clockPort}`;
// The production server's Adyen is the test suite's simulator (tests/support/adyen-simulator), and its test hooks.
const adyenPort = Number(process.env.E2E_ADYEN_PORT ?? sandboxPort + 5);
const adyenControlUrl = `http://127.0.0.1:${adyenPort + 1}`;
// The production server's SMTP server (scripts/e2e-smtp.ts), and where the specs read what it received.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? sandboxPort + 7);
const smtpControlUrl = `http://127.0.0.1:${smtpPort + 1}`;
process.env.E2E_SMTP_CONTROL_URL = smtpControlUrl;
process.env.E2E_ADYEN_CONTROL_URL = adyenControlUrl;
process.env.E2E_ADYEN_ORIGIN = `http://127.0.0.1:${adyenPort}`;
process.env.E2E_SANDBOX_URL = sandboxUrl;
process.env.E2E_CLOCK_URL = clockUrl;
process.env.E2E_PRODUCTION_URL = productionUrl;

const createdDirs: string[] = [];

function freshDataDir(variable: string, label: string): string {
  const existing = process.env[variable];
  if (existing) return existing;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `travel-pay-e2e-${label}-`));
  createdDirs.push(dir);
  process.env[variable] = dir;
  return dir;
}

const sandboxDataDir = freshDataDir('E2E_SANDBOX_DATA_DIR', 'sandbox');
const productionDataDir = freshDataDir('E2E_PRODUCTION_DATA_DIR', 'production');
const clockDataDir = freshDataDir('E2E_CLOCK_DATA_DIR', 'clock');

// The runner exits after the web servers are stopped: remove the folders it created then.
// E2E_KEEP_DATA=1 keeps them for a look after a failure.
process.on('exit', () => {
  if (process.env.E2E_KEEP_DATA === '1') return;
  for (const dir of createdDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** What every test server gets, whatever the calling shell has set. */
const commonEnv = (port: number, dataDir: string): Record<string, string> => ({
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_BASE_URL: `http://localhost:${port}`,
  DATABASE_URL: '',
  SANDBOX_PUBLIC_KEY: '',
  SANDBOX_PRIVATE_KEY: '',
  NEXT_TELEMETRY_DISABLED: '1',
});

export default defineConfig({
  testDir: 'tests/e2e',
  // The vendor's browser SDK is not on npm and its code is not ours to copy: its spec runs only against a clone
  // named by PAYMENT_SDK_DIR (`npm run test:vendor-sdk`; docs/embed-protocol.md, "Tests").
  testIgnore: process.env.PAYMENT_SDK_DIR ? [] : ['**/embed-sdk.spec.ts'],
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // 'list' last so a run's output ends with Playwright's summary; the JSON report feeds
  // the totals line of scripts/test-all.sh.
  reporter: [['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/e2e-report.json' }], ['list']],
  use: {
    browserName: 'chromium',
    baseURL: sandboxUrl,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
    // A failed test keeps its trace (each action's DOM snapshot, the sources) and a screenshot of where it ended.
    // Not the trace's screencast: recording it made Chromium draw and encode a frame at every change of every page
    // of every test (a trace is recorded for all and kept for failures), about a third of Chromium's CPU on the
    // 2-core machine (a page-filling script, same minutes: 98 CPU-s with it, 66 without, 60 with no trace at all).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      name: 'sandbox',
      command: `bash scripts/e2e-server.sh ${sandboxPort} sandbox --build`,
      url: `${sandboxUrl}/api/enums`,
      env: {
        ...commonEnv(sandboxPort, sandboxDataDir),
        MODE: 'sandbox',
        ADYEN_API_KEY: '',
        ADYEN_MERCHANT_ACCOUNT: '',
        ADYEN_CLIENT_KEY: '',
        TOKEN_SECRET: '',
      },
      reuseExistingServer: false,
      // Includes `next build` when there is no current build (about a minute on 2 cores).
      timeout: 420_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      name: 'adyen-simulator',
      command: `npx tsx scripts/adyen-simulator.ts --port ${adyenPort} --control-port ${adyenPort + 1} --notify ${productionUrl}/api/processor/adyen/notifications`,
      url: `${adyenControlUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      name: 'smtp',
      command: `npx tsx scripts/e2e-smtp.ts --port ${smtpPort} --control-port ${smtpPort + 1}`,
      url: `${smtpControlUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      name: 'production',
      command: `bash scripts/e2e-server.sh ${productionPort} production`,
      url: `${productionUrl}/api/enums`,
      env: {
        ...commonEnv(productionPort, productionDataDir),
        MODE: 'production',
        ADYEN_CLIENT_KEY: 'test_E2ECLIENTKEY',
        ADYEN_ENVIRONMENT: 'test',
        TOKEN_SECRET: 'e2e-token-secret-of-at-least-32-characters',
        // The simulator's defaults (tests/support/adyen-simulator/server.ts).
        ADYEN_CHECKOUT_URL: `http://127.0.0.1:${adyenPort}/v71`,
        ADYEN_API_KEY: 'AQE_simulator_key',
        ADYEN_MERCHANT_ACCOUNT: 'TravelPayECOM',
        ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
        // Apple Pay configured (lib/payments/wallet-config.ts): Chromium has none, so no wallet shows (production-wallets.spec.ts).
        APPLE_PAY_MERCHANT_ID: 'merchant.com.example.travelpay',
        APPLE_PAY_DOMAIN_ASSOCIATION: 'e2e-apple-pay-domain-association',
        // Real SMTP, as in production: the back office's sign-in links arrive at scripts/e2e-smtp.ts.
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?ignoreTLS=true`,
      },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      name: 'clock',
      command: `bash scripts/e2e-server.sh ${clockPort} sandbox`,
      url: `${clockUrl}/api/enums`,
      env: {
        ...commonEnv(clockPort, clockDataDir),
        MODE: 'sandbox',
        ADYEN_API_KEY: '',
        ADYEN_MERCHANT_ACCOUNT: '',
        ADYEN_CLIENT_KEY: '',
        TOKEN_SECRET: '',
      },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
