import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { requiredEnv } from './e2e-env';

/*
 * Item 9, "locked down": every hosted page sends the headers of lib/http/security-headers.ts
 * (applied in proxy.ts) and works under its CSP, with no violation; a server action that
 * does not come from this site's own origin is refused before Next.js runs it.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');

const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

/** Asserts the headers every hosted page shares; returns the response's nonce. */
function expectPageHeaders(response: { headers(): Record<string, string> }, url: string, { mode = 'sandbox', noStore = false, embed = false } = {}): string {
  const headers = response.headers();
  const policy = headers['content-security-policy'];
  expect(policy, `${url} CSP`).toBeTruthy();
  const csp = directives(policy!);
  const script = csp.get('script-src') ?? [];
  const nonce = script.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce, `${url} nonce`).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(script, url).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
  expect(csp.get('style-src'), url).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(csp.get('default-src'), url).toEqual(["'self'"]);
  expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'https:']);
  expect(csp.get('object-src'), url).toEqual(["'none'"]);
  expect(csp.get('base-uri'), url).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
  const processor = mode === 'production'
    // Adyen's test hosts, and the suite's Adyen simulator, which serves the 3-D Secure and bank pages its answers redirect to.
    ? ['https://checkoutshopper-test.adyen.com', 'https://checkoutshopper-test.cdn.adyen.com', 'https://checkoutanalytics-test.adyen.com', requiredEnv('E2E_ADYEN_ORIGIN')]
    : [];
  expect(csp.get('form-action'), url).toEqual(["'self'", ...processor]);
  expect(csp.get('connect-src'), url).toEqual(["'self'", ...processor]);
  expect(csp.get('frame-src'), url).toEqual(["'self'", ...processor]);
  expect(policy, url).not.toMatch(/unsafe/);
  expect(headers['referrer-policy'], url).toBe('same-origin');
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(headers['x-frame-options'], url).toBe(embed ? undefined : 'DENY');
  expect(headers['strict-transport-security'], `${url}: no HSTS on localhost`).toBeUndefined();
  if (noStore) expect(headers['cache-control'], url).toBe('no-store');
  return nonce!;
}

/** Watches a page for CSP violations (event and console) and for Next.js having started. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}

const sandboxPages: [string, { noStore?: boolean; react?: boolean; embed?: boolean }][] = [
  ['/', { react: true }],
  ['/fr', { react: true }],
  ['/docs/errors', { react: true }],
  ['/de/docs/errors', { react: true }],
  ['/sandbox/mailbox', { react: true }],
  ['/sandbox/3ds/SBX-unknown', { noStore: true, react: true }],
  ['/fr/sandbox/bank/SBX-unknown', { noStore: true, react: true }],
  ['/no-such-page', {}],
  ['/embed/not-yet', { noStore: true, embed: true }],
];

test.describe('headers on every hosted page', () => {
  for (const [path, options] of sandboxPages) {
    test(`${path}: the headers, a nonce on every script, and no CSP violation in Chromium`, async ({ page, request }) => {
      const url = `${sandboxUrl}${path}`;
      const raw = await request.get(url, { maxRedirects: 0 });
      const nonce = expectPageHeaders(raw, url, options);
      const html = await raw.text();
      const tags = [...html.matchAll(/<(script|style)\b[^>]*>/g)].map((m) => m[0]);
      for (const tag of tags) expect(tag, `${url}: every script and style carries the nonce`).toContain(`nonce="${nonce}"`);
      if (options.react) expect(tags.some((t) => t.startsWith('<script')), `${url} has Next.js scripts`).toBe(true);

      const violations = await watchViolations(page);
      const response = await page.goto(url);
      const again = expectPageHeaders(response!, url, options);
      expect(again, 'a fresh nonce per response').not.toBe(nonce);
      if (options.react) {
        // React hydrated: the framework's scripts ran under the policy.
        await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version))).toBe(true);
      }
      await page.waitForLoadState('networkidle');
      expect(violations, url).toEqual([]);
    });
  }

  test('injected markup runs no script, and the watcher above sees the violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(`${sandboxUrl}/docs/errors`);
    // What an HTML injection looks like: an inline handler. Without a CSP it would run.
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML = '<img src="/no-such-image.png" onerror="window.injected = true">';
      document.body.append(box);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toMatch(/script-src/);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });

  test('production pages name Adyen for forms and fetches, and the 404 of a sandbox page is locked down too', async ({ page, request }) => {
    for (const [path, noStore] of [['/', false], ['/sandbox/3ds/x', true], ['/de/sandbox/mailbox', false]] as const) {
      const url = `${productionUrl}${path}`;
      expectPageHeaders(await request.get(url), url, { mode: 'production', noStore });
    }
    const violations = await watchViolations(page);
    await page.goto(`${productionUrl}/`);
    await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version))).toBe(true);
    await page.goto(`${productionUrl}/sandbox/mailbox`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    expect(violations).toEqual([]);
  });

  test('a request for another host gets HSTS; the API gets nosniff and no CSP', async ({ request }) => {
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const { port } = new URL(sandboxUrl);
      http.get({ host: 'localhost', port, path: '/docs/errors', headers: { Host: 'pay.example.test' } }, (res) => {
        res.resume();
        resolve(res.headers);
      }).on('error', reject);
    });
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const api = await request.get(`${sandboxUrl}/api/enums`);
    expect(api.status()).toBe(200);
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
    expect(api.headers()['content-security-policy']).toBeUndefined();
  });
});

test.describe('server actions only from this origin', () => {
  const forbidden = /^Forbidden: this form may only be sent from this site’s own pages/;

  for (const [label, headers] of [
    ['without Origin', { 'Next-Action': '7f00000000000000000000000000000000000000aa' }],
    ['from another origin', { 'Next-Action': '7f00000000000000000000000000000000000000aa', Origin: 'https://evil.example' }],
    ['from an opaque origin', { 'Next-Action': '7f00000000000000000000000000000000000000aa', Origin: 'null' }],
    ['as a no-JavaScript form from another origin', { Origin: 'https://evil.example' }],
  ] as const) {
    // Refused before any action runs; a browser is sent to the refusal page in the path's language (issue 16):
    // React's action fetch by x-action-redirect on a 403, a form posted before hydration by a 303.
    test(`a forged action ${label} is refused, and the browser sent to the refusal page`, async ({ request }) => {
      for (const path of ['/sandbox/3ds/SBX-1', '/fr/sandbox/bank/SBX-1', '/', '/sandbox/3ds/with.dot']) {
        const response = await request.post(`${sandboxUrl}${path}`, { headers, multipart: { reference: 'SBX-1', password: 'password' }, maxRedirects: 0 });
        const refusal = `${path.startsWith('/fr/') ? '/fr' : ''}/form-refused?reason=origin`;
        if ('Next-Action' in headers) {
          expect(response.status(), path).toBe(403);
          expect(response.headers()['x-action-redirect'], path).toBe(refusal);
          expect(await response.text(), path).toMatch(forbidden);
          expect(response.headers()['content-type']).toMatch(/^text\/plain/);
        } else {
          // (Next.js writes a redirect's body itself: the location.)
          expect(response.status(), path).toBe(303);
          expect(response.headers().location, path).toBe(refusal);
        }
      }
    });
  }

  test('the browser’s own posts pass the check, before and after hydration', async ({ page }) => {
    await page.goto(`${sandboxUrl}/sandbox/3ds/SBX-unknown`);
    await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version))).toBe(true);
    // A fetch as the client router sends an action (the browser adds Origin): Next.js runs it, and
    // answers that no such action exists, but the proxy let it through.
    const status = await page.evaluate(async () => (await fetch(location.href, { method: 'POST', headers: { 'Next-Action': '7f00000000000000000000000000000000000000aa' }, body: '[]' })).status);
    expect(status).not.toBe(403);
    // A form posted without JavaScript (multipart, as React renders an action form): with
    // Referrer-Policy same-origin the browser still sends our Origin, so it is not refused.
    const posted = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.enctype = 'multipart/form-data';
      form.action = '/sandbox/3ds/SBX-unknown';
      const input = document.createElement('input');
      input.name = 'reference';
      input.value = 'SBX-unknown';
      form.append(input);
      document.body.append(form);
      HTMLFormElement.prototype.submit.call(form);
    });
    const response = await posted;
    expect(response.request().headers()['origin']).toBe(sandboxUrl);
    expect(response.status()).not.toBe(403);
  });
});
