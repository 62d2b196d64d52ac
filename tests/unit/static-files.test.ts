import { describe, expect, it } from 'vitest';
import { ACTION_BODY_LIMIT_BYTES, actionBodyTooLarge, tooLargeResponse } from '@/lib/http/action-body-limit';
import { isNotAPage } from '@/lib/http/static-files';

const id = '0b8c7a52-3f1e-4d2a-9c55-1f2e3d4c5b6a';

describe('which paths skip the page headers (proxy.ts)', () => {
  it('the API, Next.js files and the service’s own few files', () => {
    for (const path of [
      '/api/enums',
      '/api/agent/x.json',
      '/_next/static/chunks/a.js',
      '/_next/image',
      '/favicon.ico',
      '/icon.svg',
      '/brand/0b5cad.css',
    ]) {
      expect(isNotAPage(path, 'production'), path).toBe(true);
    }
  });

  it('a dot in the last segment does not make a path a file: /{id}. and friends are pages, with the headers', () => {
    for (const path of [
      `/${id}.`,
      `/${id}.html`,
      `/fr/${id}/success.`,
      '/docs/errors.',
      '/embed/x.y',
      '/sandbox/3ds/with.dot',
      '/robots.txt',
      '/brand/0b5cad.css.map',
      '/brand/zzzzzz.css',
    ]) {
      expect(isNotAPage(path, 'sandbox'), path).toBe(false);
      expect(isNotAPage(path, 'production'), path).toBe(false);
    }
  });

  it('the example merchant page is a file in the sandbox only (production answers it with the 404 document)', () => {
    for (const path of ['/embed-example.html', '/embed-example.js', '/embed-example.css']) {
      expect(isNotAPage(path, 'sandbox'), path).toBe(true);
      expect(isNotAPage(path, 'production'), path).toBe(false);
    }
  });
});

describe('server-action bodies over 1 MB', () => {
  const headers = (length: string | null) => new Headers(length === null ? {} : { 'content-length': length });

  it('are over the limit by their declared length only', () => {
    expect(ACTION_BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(actionBodyTooLarge(headers(String(ACTION_BODY_LIMIT_BYTES)))).toBe(false);
    expect(actionBodyTooLarge(headers(String(ACTION_BODY_LIMIT_BYTES + 1)))).toBe(true);
    expect(actionBodyTooLarge(headers(null))).toBe(false);
    expect(actionBodyTooLarge(headers('nonsense'))).toBe(false);
  });

  it('get a 413 page in the path’s language that runs nothing and cannot be framed', async () => {
    const response = tooLargeResponse('fr', '/fr/x"><script>');
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('Ce formulaire était trop volumineux pour être envoyé');
    expect(html).not.toContain('<script>');
    expect(tooLargeResponse('xx', '/').headers.get('content-type')).toMatch(/^text\/html/);
    expect(await tooLargeResponse('ar', '/ar').text()).toContain('dir="rtl"');
  });
});
