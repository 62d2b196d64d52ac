import { describe, expect, it } from 'vitest';
import { allowedActionOrigins, isAllowedActionOrigin, isServerActionRequest } from '@/lib/http/action-origin';
import {
  contentSecurityPolicy,
  createNonce,
  frameAncestors,
  isEmbedPage,
  isPaymentPage,
  pageSecurityHeaders,
  processorOrigins,
  wantsHsts,
} from '@/lib/http/security-headers';

const directives = (policy: string) =>
  new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]));
const link = '3f2b8c9e-1d4a-4b6f-9a7e-2c5d8e1f0a3b';

describe('contentSecurityPolicy', () => {
  it('allows scripts only by this request’s nonce, never inline or eval in production', () => {
    const csp = directives(contentSecurityPolicy({ nonce: 'abc123==', mode: 'sandbox' }));
    expect(csp.get('script-src')).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(csp.get('style-src')).toBe("'self' 'nonce-abc123=='");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data: https:");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect([...csp.values()].join(' ')).not.toMatch(/unsafe/);
  });

  it('adds eval and inline styles only under next dev', () => {
    const csp = directives(contentSecurityPolicy({ nonce: 'n', mode: 'sandbox', development: true }));
    expect(csp.get('script-src')).toContain("'unsafe-eval'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('names Adyen’s hosts for forms, frames and fetches in production only, for the configured environment alone', () => {
    expect(processorOrigins('sandbox', { ADYEN_ENVIRONMENT: 'live' })).toEqual([]);
    const test = [
      'https://checkoutshopper-test.adyen.com',
      'https://checkoutshopper-test.cdn.adyen.com',
      'https://checkoutanalytics-test.adyen.com',
    ];
    const live = [
      'https://checkoutshopper-live.adyen.com',
      'https://checkoutshopper-live.cdn.adyen.com',
      'https://checkoutanalytics-live.adyen.com',
    ];
    const liveUs = [
      'https://checkoutshopper-live-us.adyen.com',
      'https://checkoutshopper-live-us.cdn.adyen.com',
      'https://checkoutanalytics-live-us.adyen.com',
    ];
    expect(processorOrigins('production', {})).toEqual(test);
    expect(processorOrigins('production', { ADYEN_ENVIRONMENT: 'test' })).toEqual(test);
    // A live deployment allows no test host (the test platform is where test card data goes).
    expect(processorOrigins('production', { ADYEN_ENVIRONMENT: 'live' })).toEqual(live);
    expect(processorOrigins('production', { ADYEN_ENVIRONMENT: 'Live-US' })).toEqual(liveUs);
    expect(processorOrigins('production', { ADYEN_ENVIRONMENT: 'evil.example' })).toEqual([]);
    const csp = directives(
      contentSecurityPolicy({
        nonce: 'n',
        mode: 'production',
        processor: processorOrigins('production', { ADYEN_ENVIRONMENT: 'live-us' }),
      }),
    );
    for (const name of ['form-action', 'connect-src', 'frame-src'])
      expect(csp.get(name)).toBe(["'self'", ...liveUs].join(' '));
  });

  it('adds the origin of a Checkout URL that is not Adyen’s (a simulator serves its own 3-D Secure and bank pages), never of Adyen’s own', () => {
    const test = [
      'https://checkoutshopper-test.adyen.com',
      'https://checkoutshopper-test.cdn.adyen.com',
      'https://checkoutanalytics-test.adyen.com',
    ];
    expect(processorOrigins('production', { ADYEN_CHECKOUT_URL: 'http://127.0.0.1:3215/v71' })).toEqual([
      ...test,
      'http://127.0.0.1:3215',
    ]);
    expect(processorOrigins('production', { ADYEN_CHECKOUT_URL: 'https://checkout-test.adyen.com/v71' })).toEqual(test);
    expect(
      processorOrigins('production', {
        ADYEN_ENVIRONMENT: 'live',
        ADYEN_CHECKOUT_URL: 'https://abc-checkout-live.adyenpayments.com/checkout/v71',
      }),
    ).toEqual(test.map((host) => host.replace('-test', '-live')));
    expect(processorOrigins('production', { ADYEN_CHECKOUT_URL: 'not a url' })).toEqual(test);
    expect(processorOrigins('sandbox', { ADYEN_CHECKOUT_URL: 'http://127.0.0.1:3215/v71' })).toEqual([]);
  });

  it('nonces are fresh base64 values Next.js can read back', () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(a);
  });
});

describe('frameAncestors', () => {
  it('lists only well-formed http(s) origins, and is none when there are none', () => {
    expect(frameAncestors([])).toBe("'none'");
    expect(frameAncestors(['https://shop.example', 'https://shop.example/', 'http://localhost:8080'])).toBe(
      'https://shop.example http://localhost:8080',
    );
    expect(
      frameAncestors([
        'https://shop.example/path',
        'javascript:alert(1)',
        "'self'",
        '*',
        'https://a.example; script-src *',
      ]),
    ).toBe("'none'");
  });
});

describe('pageSecurityHeaders', () => {
  const base = { nonce: 'n', mode: 'sandbox' as const, hsts: false };

  it('every page: CSP, same-origin referrer, nosniff, no framing', () => {
    const headers = pageSecurityHeaders({ ...base, pathname: '/docs/errors' });
    expect(headers['Referrer-Policy']).toBe('same-origin');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['Cache-Control']).toBeUndefined();
    expect(headers['Strict-Transport-Security']).toBeUndefined();
  });

  it('payment pages are never stored', () => {
    for (const path of [
      `/${link}`,
      `/fr/${link}/success`,
      '/embed/x',
      '/de/approvals/y',
      '/sandbox/3ds/SBX-1',
      '/fr/sandbox/bank/SBX-2',
    ]) {
      expect(isPaymentPage(path), path).toBe(true);
      expect(pageSecurityHeaders({ ...base, pathname: path })['Cache-Control'], path).toBe('no-store');
    }
    for (const path of ['/', '/fr', '/docs/errors', '/sandbox/mailbox', '/not-a-uuid', `/x${link}`])
      expect(isPaymentPage(path), path).toBe(false);
  });

  it('/embed may be framed by the origins given, and by nobody until then', () => {
    expect(isEmbedPage('/embed/abc')).toBe(true);
    expect(isEmbedPage('/fr/embed')).toBe(true);
    expect(isEmbedPage('/embedded')).toBe(false);
    const fallback = pageSecurityHeaders({ ...base, pathname: '/embed/abc' });
    expect(fallback['X-Frame-Options']).toBe('DENY');
    expect(fallback['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    const allowed = pageSecurityHeaders({
      ...base,
      pathname: '/embed/abc',
      frameAncestors: frameAncestors(['https://shop.example']),
    });
    expect(allowed['Content-Security-Policy']).toContain('frame-ancestors https://shop.example');
    expect(allowed['X-Frame-Options']).toBeUndefined();
    // Other pages ignore any origins offered.
    expect(
      pageSecurityHeaders({ ...base, pathname: '/docs', frameAncestors: 'https://shop.example' })[
        'Content-Security-Policy'
      ],
    ).toContain("frame-ancestors 'none'");
  });

  it('HSTS outside localhost', () => {
    expect(wantsHsts('http://localhost:3000', 'localhost:3000')).toBe(false);
    expect(wantsHsts('http://localhost:3000', '127.0.0.1:3000')).toBe(false);
    expect(wantsHsts('http://localhost:3000', 'pay.localhost')).toBe(false);
    expect(wantsHsts('http://localhost:3000', '[::1]:3000')).toBe(false);
    expect(wantsHsts('http://localhost:3000', 'pay.example.com')).toBe(true);
    expect(wantsHsts('https://pay.example.com', 'localhost:3000')).toBe(true);
    expect(pageSecurityHeaders({ ...base, pathname: '/', hsts: true })['Strict-Transport-Security']).toMatch(
      /^max-age=\d{8,}/,
    );
  });
});

describe('server action origin', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('recognises what Next.js would run as an action', () => {
    expect(isServerActionRequest('POST', headers({ 'next-action': 'abc' }))).toBe(true);
    expect(isServerActionRequest('POST', headers({ 'content-type': 'multipart/form-data; boundary=x' }))).toBe(true);
    expect(isServerActionRequest('POST', headers({ 'content-type': 'application/json' }))).toBe(false);
    expect(isServerActionRequest('GET', headers({ 'next-action': 'abc' }))).toBe(false);
  });

  it('accepts only our own origin; missing, null or foreign is refused', () => {
    const allowed = allowedActionOrigins('https://pay.example.com/', ['https://portal.acme.example', 'not a url']);
    expect(allowed).toEqual(['https://pay.example.com', 'https://portal.acme.example']);
    expect(isAllowedActionOrigin('https://pay.example.com', allowed)).toBe(true);
    expect(isAllowedActionOrigin('https://portal.acme.example', allowed)).toBe(true);
    expect(isAllowedActionOrigin(null, allowed)).toBe(false);
    expect(isAllowedActionOrigin('null', allowed)).toBe(false);
    expect(isAllowedActionOrigin('https://evil.example', allowed)).toBe(false);
    expect(isAllowedActionOrigin('http://pay.example.com', allowed)).toBe(false);
  });
});
