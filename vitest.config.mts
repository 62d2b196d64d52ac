import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };
// Vitest sets MODE=test (Vite's mode); the service reads MODE as sandbox|production (lib/config.ts).
const serviceEnv = { MODE: 'sandbox' };
// next-intl's ESM imports `next/server` without an extension, which Node cannot resolve: let Vite
// bundle it, so tests can run proxy.ts (the host rule of portal domains) as Next.js does.
// 60 s: a test that hangs fails; the race tests take up to ~20 s alone and share the cores with another file.
// globalSetup: the schema is migrated once per run and each file's database copies it (support/database-templates.ts).
// isolate: false: a worker runs its files one after another in one module graph instead of importing the whole
// service again for each (about 1.5 s a file, 640 file runs: a third of the suite). Each file still opens a
// database of its own (support/test-database.ts), and tests restore what they change (env, spies, the clock).
const integration = {
  include: ['tests/integration/**/*.test.ts'],
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  server: { deps: { inline: ['next-intl'] } },
  globalSetup: ['tests/integration/support/database-templates.ts'],
};
/** Tests of whole processes that open no test database: run once, in the PGlite project. */
const databaseFree = [
  'tests/integration/safety/startup-refusal.test.ts',
  'tests/integration/safety/data-dir-lock.test.ts',
];

/**
 * unit: pure rules. integration: every API operation through its route handler,
 * on embedded PGlite always and, when TEST_DATABASE_URL is set, on PostgreSQL too.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at once, whatever the core count: an integration file waits on its database and its HTTP
    // peers much of the time, so two of them fill 2 cores (Vitest's default on 2 cores is one at a time).
    maxWorkers: 2,
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], env: serviceEnv } },
      { resolve: { alias }, test: { name: 'integration', ...integration, env: { ...serviceEnv, TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: 'integration-postgres',
                ...integration,
                exclude: databaseFree,
                env: { ...serviceEnv, TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
