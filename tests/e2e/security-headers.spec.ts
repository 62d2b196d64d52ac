import http from 'node:http';
import { expect, test, type Page } from './support/test';
import { call } from './card-fixtures';
import { requiredEnv } from './e2e-env';

/*
 * Item 9, "locked down": every hosted page sends the headers of lib/http/security-headers.ts
 * (applied in proxy.ts) and works under its CSP, with no violation; a server action that
 * does not come from this site's own origin is refused before Next.js runs it.
 */
const sandboxUrl = requiredEnv('E2E_SANDBOX_URL');
const productionUrl = requiredEnv('E2E_PRODUCTION_URL');

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

/** Asserts the headers every hosted page shares; returns the response's nonce. */
function expectPageHeaders(
  response: { headers(): Record<string, string> },
  url: string,
  { mode = 'sandbox', noStore = false } = {},
): string {
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
  const processor =
    mode === 'production'
      ? // Adyen's test hosts, Apple Pay's SDK host (the suite configures an Apple Pay merchant, playwright.config.ts),
        // and the suite's Adyen simulator, which serves the 3-D Secure and bank pages its answers redirect to.
        [
          'https://checkoutshopper-test.adyen.com',
          'https://checkoutshopper-test.cdn.adyen.com',
          'https://checkoutanalytics-test.adyen.com',
          'https://applepay.cdn-apple.com',
          requiredEnv('E2E_ADYEN_ORIGIN'),
        ]
      : [];
  expect(csp.get('form-action'), url).toEqual(["'self'", ...processor]);
  expect(csp.get('connect-src'), url).toEqual(["'self'", ...processor]);
  expect(csp.get('frame-src'), url).toEqual(["'self'", ...processor]);
  expect(policy, url).not.toMatch(/unsafe/);
  expect(headers['referrer-policy'], url).toBe('same-origin');
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  // Framed by nobody, so old browsers are told too (an embed framed by its organisation's origins: embed-hosts.spec.ts).
  expect(headers['x-frame-options'], url).toBe('DENY');
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
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

const sandboxPages: [string, { noStore?: boolean; react?: boolean }][] = [
  ['/', { react: true }],
  ['/fr', { react: true }],
  ['/docs/errors', { react: true }],
  ['/de/docs/errors', { react: true }],
  ['/sandbox/mailbox', { react: true }],
  ['/sandbox/3ds/SBX-unknown', { noStore: true, react: true }],
  ['/fr/sandbox/bank/SBX-unknown', { noStore: true, react: true }],
  ['/no-such-page', {}],
  ['/embed/not-yet', { noStore: true }],
  // A dot in the last segment makes no file: these reach a page (the 404 document) and get its headers.
  ['/0b8c7a52-3f1e-4d2a-9c55-1f2e3d4c5b6a.', {}],
  ['/fr/0b8c7a52-3f1e-4d2a-9c55-1f2e3d4c5b6a.html', {}],
  ['/docs/errors.', {}],
];

test.describe('headers on every hosted page', () => {
  for (const [path, options] of sandboxPages) {
    test(`${path}: the headers, a nonce on every script, and no CSP violation in Chromium`, async ({
      page,
      request,
    }) => {
      const url = `${sandboxUrl}${path}`;
      const raw = await request.get(url, { maxRedirects: 0 });
      const nonce = expectPageHeaders(raw, url, options);
      const html = await raw.text();
      const tags = [...html.matchAll(/<(script|style)\b[^>]*>/g)].map((m) => m[0]);
      for (const tag of tags)
        expect(tag, `${url}: every script and style carries the nonce`).toContain(`nonce="${nonce}"`);
      if (options.react)
        expect(
          tags.some((t) => t.startsWith('<script')),
          `${url} has Next.js scripts`,
        ).toBe(true);

      const violations = await watchViolations(page);
      const response = await page.goto(url);
      const again = expectPageHeaders(response!, url, options);
      expect(again, 'a fresh nonce per response').not.toBe(nonce);
      if (options.react) {
        // React hydrated: the framework's scripts ran under the policy.
        await expect
          .poll(() =>
            page.evaluate(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version)),
          )
          .toBe(true);
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

  test('production pages name Adyen for forms and fetches, and the 404 of a sandbox page is locked down too', async ({
    page,
    request,
  }) => {
    for (const [path, noStore] of [
      ['/', false],
      ['/sandbox/3ds/x', true],
      ['/de/sandbox/mailbox', false],
    ] as const) {
      const url = `${productionUrl}${path}`;
      expectPageHeaders(await request.get(url), url, { mode: 'production', noStore });
    }
    const violations = await watchViolations(page);
    await page.goto(`${productionUrl}/`);
    await expect
      .poll(() => page.evaluate(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version)))
      .toBe(true);
    await page.goto(`${productionUrl}/sandbox/mailbox`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    expect(violations).toEqual([]);
  });

  test('production: a path with a dot is a page with the headers; the example merchant page is not served', async ({
    request,
  }) => {
    for (const path of [
      '/0b8c7a52-3f1e-4d2a-9c55-1f2e3d4c5b6a.',
      '/de/0b8c7a52-3f1e-4d2a-9c55-1f2e3d4c5b6a.',
      '/embed-example.html',
      '/embed-example.js',
      '/embed-example.css',
    ]) {
      const url = `${productionUrl}${path}`;
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(404);
      expectPageHeaders(response, url, { mode: 'production' });
      expect(await response.text(), url).toContain('data-testid="not-found"');
    }
    // The sandbox keeps its example page (embed-hosts.spec.ts pays through it).
    expect((await request.get(`${sandboxUrl}/embed-example.html`)).status()).toBe(200);
  });

  test('production: an embedded session is framed by nobody until its organisation names its origins', async ({
    request,
  }) => {
    const organisation = 'org_e2e_production';
    const session = await call(request, 'production', 'PUT', '/agent/ecommerce', {
      organisation,
      customer_name: 'Ada Lovelace',
      email: 'ada@example.com',
      amount: 4500,
    });
    const url = `${productionUrl}/embed/${session.id}`;
    const framing = async () => {
      const headers = (await request.get(url)).headers();
      return {
        ancestors: directives(headers['content-security-policy']!).get('frame-ancestors'),
        xfo: headers['x-frame-options'],
      };
    };
    expect(await framing()).toEqual({ ancestors: ["'none'"], xfo: 'DENY' });
    await call(request, 'production', 'POST', `/agent/organisations/${organisation}/settings`, {
      allowed_embed_origins: ['https://shop.example'],
    });
    try {
      expect(await framing()).toEqual({ ancestors: ['https://shop.example'], xfo: undefined });
    } finally {
      await call(request, 'production', 'POST', `/agent/organisations/${organisation}/settings`, {
        allowed_embed_origins: [],
      });
    }
    expect(await framing()).toEqual({ ancestors: ["'none'"], xfo: 'DENY' });
  });

  test('a request for another host gets HSTS; the API gets nosniff and no CSP', async ({ request }) => {
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const { port } = new URL(sandboxUrl);
      http
        .get({ host: 'localhost', port, path: '/docs/errors', headers: { Host: 'pay.example.test' } }, (res) => {
          res.resume();
          resolve(res.headers);
        })
        .on('error', reject);
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
    [
      'from another origin',
      { 'Next-Action': '7f00000000000000000000000000000000000000aa', Origin: 'https://evil.example' },
    ],
    ['from an opaque origin', { 'Next-Action': '7f00000000000000000000000000000000000000aa', Origin: 'null' }],
    ['as a no-JavaScript form from another origin', { Origin: 'https://evil.example' }],
  ] as const) {
    // Refused before any action runs; a browser is sent to the refusal page in the path's language (issue 16):
    // React's action fetch by x-action-redirect on a 403, a form posted before hydration by a 303.
    test(`a forged action ${label} is refused, and the browser sent to the refusal page`, async ({ request }) => {
      for (const path of ['/sandbox/3ds/SBX-1', '/fr/sandbox/bank/SBX-1', '/', '/sandbox/3ds/with.dot']) {
        const response = await request.post(`${sandboxUrl}${path}`, {
          headers,
          multipart: { reference: 'SBX-1', password: 'password' },
          maxRedirects: 0,
        });
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

  test('a form body over 1 MB is refused with 413 and a page that says so, not a 500', async ({ page, request }) => {
    // Four 1 MB posts and a page: more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    const big = 'x'.repeat(1024 * 1024 + 1);
    for (const [path, headers] of [
      ['/sandbox/3ds/SBX-1', { Origin: sandboxUrl, 'Next-Action': '7f00000000000000000000000000000000000000aa' }],
      ['/fr/sandbox/bank/SBX-1', { Origin: sandboxUrl }],
    ] as const) {
      const response = await request.post(`${sandboxUrl}${path}`, {
        headers,
        multipart: { reference: 'SBX-1', padding: big },
      });
      expect(response.status(), path).toBe(413);
      expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers()['x-frame-options']).toBe('DENY');
      expect(await response.text()).toContain(
        path.startsWith('/fr') ? 'Ce formulaire était trop volumineux' : 'This form was too large to send',
      );
    }
    // Just under the limit Next.js reads it (and finds no such action): the proxy lets it through.
    const under = await request.post(`${sandboxUrl}/sandbox/3ds/SBX-1`, {
      headers: { Origin: sandboxUrl },
      multipart: { padding: 'x'.repeat(1000 * 1000) },
    });
    expect(under.status()).not.toBe(413);

    // What a shopper sees when the browser posts such a form (before hydration, as React renders an action form).
    const violations = await watchViolations(page);
    await page.goto(`${sandboxUrl}/sandbox/3ds/SBX-unknown`);
    const posted = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.evaluate(
      (size) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.enctype = 'multipart/form-data';
        form.action = '/sandbox/3ds/SBX-unknown';
        const input = document.createElement('textarea');
        input.name = 'padding';
        input.value = 'x'.repeat(size);
        form.append(input);
        document.body.append(form);
        HTMLFormElement.prototype.submit.call(form);
      },
      1024 * 1024 + 10,
    );
    expect((await posted).status()).toBe(413);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This form was too large to send');
    await expect(page.getByRole('link', { name: 'Back to the page' })).toHaveAttribute(
      'href',
      '/sandbox/3ds/SBX-unknown',
    );
    expect(violations).toEqual([]);
  });

  test('the browser’s own posts pass the check, before and after hydration', async ({ page }) => {
    await page.goto(`${sandboxUrl}/sandbox/3ds/SBX-unknown`);
    await expect
      .poll(() => page.evaluate(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version)))
      .toBe(true);
    // A fetch as the client router sends an action (the browser adds Origin): Next.js runs it, and
    // answers that no such action exists, but the proxy let it through.
    const status = await page.evaluate(
      async () =>
        (
          await fetch(location.href, {
            method: 'POST',
            headers: { 'Next-Action': '7f00000000000000000000000000000000000000aa' },
            body: '[]',
          })
        ).status,
    );
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
