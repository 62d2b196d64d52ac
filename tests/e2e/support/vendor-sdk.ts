import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/*
 * The vendor's browser SDK (github.com/felloh-org/payment-sdk), run UNCHANGED as the
 * merchant's page. It is not on the npm registry (`npm view @felloh-org/payment-sdk`:
 * 404) and its code may not be copied into this repository, so the spec reads it from a
 * clone of that repository named by PAYMENT_SDK_DIR (a work tree or a bare git
 * directory), at one pinned commit, straight from git's objects: byte for byte what the
 * SDK's authors committed. Its `src/` is served as native ES modules, as it is written
 * (`import ... from './const/environment'`): the server resolves an import the way
 * Node and bundlers do (the path, `.js`, then `/index.js`); nothing is built or rewritten.
 */

/** The SDK commit the spec runs (its newest when read, 2026-03-31: "fix: remove unused dev dependencies"). */
export const sdkCommit = '93a1aa479d6687d89109fb8a8f2740043c1c7a81';
/** Where the SDK frames the embed with its `dev` option (src/const/environment/index.js, DEV_ENV). */
export const sdkDevBase = 'http://localhost:3010/embed/';

/** The git directory of PAYMENT_SDK_DIR when it holds the pinned commit; else why not. */
export function sdkGitDir(): { gitDir: string } | { missing: string } {
  const dir = process.env.PAYMENT_SDK_DIR;
  if (!dir)
    return {
      missing:
        'PAYMENT_SDK_DIR is not set: point it at a clone of github.com/felloh-org/payment-sdk (docs/embed-protocol.md, "Tests")',
    };
  const gitDir = fs.existsSync(path.join(dir, '.git')) ? path.join(dir, '.git') : dir;
  try {
    execFileSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${sdkCommit}^{commit}`], { stdio: 'ignore' });
    return { gitDir };
  } catch {
    return { missing: `PAYMENT_SDK_DIR (${dir}) does not hold commit ${sdkCommit} of felloh-org/payment-sdk` };
  }
}

/** Every file under src/ at the pinned commit, as git stores it. */
function sdkSources(gitDir: string): Map<string, Buffer> {
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 4 << 20 });
  const names = git('ls-tree', '-r', '--name-only', sdkCommit, 'src/').toString('utf8').split('\n').filter(Boolean);
  return new Map(names.map((name) => [name, git('show', `${sdkCommit}:${name}`)]));
}

export type MerchantOptions = { session: string; publicKey: string; payButton?: boolean };

/** The merchant's own page (test harness, not the SDK): it records every message, then uses the SDK as its README says, with `dev: true`. */
function merchantPage({ session, publicKey, payButton = true }: MerchantOptions): string {
  const config = JSON.stringify({
    session,
    publicKey,
    options: { dev: true, design: { pay_button: payButton, store_card: true } },
  }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Example merchant</title></head>
<body>
<main><h1>Example merchant checkout</h1><div id="payment-iframe" style="min-width: 350px"></div></main>
<script type="module">
import PaymentsSDK from '/sdk/index.js';
const config = ${config};
window.recorded = [];
window.addEventListener('message', (e) => window.recorded.push({ origin: e.origin, type: typeof e.data, data: e.data }));
window.events = [];
const sdk = new PaymentsSDK('payment-iframe', config.publicKey, config.options);
sdk.onRender(() => window.events.push({ event: 'render' }));
sdk.onProcessing((data) => window.events.push({ event: 'processing', id: data.transaction.id }));
sdk.onSuccess((data) => window.events.push({ event: 'success', id: data.transaction.id }));
sdk.onDecline((data) => window.events.push({ event: 'decline', id: data.transaction.id }));
window.sdk = sdk;
sdk.render(config.session);
</script>
</body>
</html>`;
}

/**
 * The merchant's web server: `/?session=&key=[&pay_button=0]` is its page, `/sdk/...` the
 * SDK's src/ files as committed (an import resolves to the path, `.js` or `/index.js`).
 */
export async function startVendorSdkMerchant(gitDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  const sources = sdkSources(gitDir);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://merchant.localhost');
    if (url.pathname.startsWith('/sdk/')) {
      const base = `src/${url.pathname.slice('/sdk/'.length)}`;
      const file = [base, `${base}.js`, `${base}/index.js`].find((name) => sources.has(name));
      if (!file) return response.writeHead(404).end();
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return response.end(sources.get(file));
    }
    if (url.pathname !== '/') return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(
      merchantPage({
        session: url.searchParams.get('session') ?? '',
        publicKey: url.searchParams.get('key') ?? '',
        payButton: url.searchParams.get('pay_button') !== '0',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Answers the SDK's `dev` origin (http://localhost:3010) with the server under test: a
 * plain reverse proxy on the loopback addresses, port 3010, that passes each request on
 * with the server's own Host and, for a same-origin request, its own Origin (what the
 * browser would send were the server itself on port 3010), and streams the answer back.
 */
export async function startDevOriginProxy(target: string): Promise<{ close: () => Promise<void> }> {
  const to = new URL(target);
  const devOrigin = new URL(sdkDevBase).origin;
  const handler: http.RequestListener = (request, response) => {
    const headers = { ...request.headers, host: to.host };
    if (headers.origin === devOrigin) headers.origin = to.origin;
    const upstream = http.request(
      { host: to.hostname, port: to.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  };
  const port = Number(new URL(sdkDevBase).port);
  const servers: http.Server[] = [];
  // Chromium resolves localhost to both loopback addresses.
  for (const host of ['127.0.0.1', '::1']) {
    const server = http.createServer(handler);
    const listening = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        host === '::1' && error.code === 'EADDRNOTAVAIL' ? resolve(false) : reject(error),
      );
      server.listen(port, host, () => resolve(true));
    });
    if (listening) servers.push(server);
  }
  return {
    close: async () => {
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
