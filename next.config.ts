import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  // PGlite ships WebAssembly and data files next to its JS; bundling breaks them. React Email renders with
  // react-dom/server, which Next refuses inside app code it bundles: Node loads it as it is.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'nodemailer', '@react-email/components'],
  poweredByHeader: false,
  // forbidden() (next/navigation): a forged back-office action answers 403, as the API does (docs/dashboard.md).
  // The build's Turbopack cache speeds up the next build of this tree; a CI run builds a fresh clone once, so
  // writing the cache (tens of seconds on 2 cores) would buy nothing there.
  experimental: { authInterrupts: true, turbopackFileSystemCacheForBuild: process.env.CI !== 'true' },
  // `npm test` type-checks the whole tree (tsc --noEmit) before its end-to-end build; that build
  // need not check again (scripts/test-all.sh sets this). Every other build checks.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === '1' },
  // Lets the e2e suite and the benchmark build into folders of their own beside a running dev build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Pages get their security headers from proxy.ts (lib/http/security-headers.ts); the API
  // answers JSON that needs no CSP, but no browser should ever sniff it into something else.
  async headers() {
    return [{ source: '/api/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] }];
  },
};

export default withNextIntl(nextConfig);
