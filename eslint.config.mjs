import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  // Tests read JSON answers whose shape is the thing under test.
  { files: ['tests/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    ignores: [
      '.next/**',
      '.next-e2e/**',
      '.next-bench/**',
      'node_modules/**',
      'data/**',
      '.bench/**',
      'lib/db/migrations/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
];

export default config;
