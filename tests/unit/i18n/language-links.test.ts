import { describe, expect, it } from 'vitest';
import { languageHref, unlocalisedPath } from '@/lib/i18n/language-links';
import { cannotBeAPage, notFoundRoute, pathLocale } from '@/lib/i18n/page-paths';
import { isEmbedPage, isPaymentPage } from '@/lib/http/security-headers';
import { routing, textDirection } from '@/lib/i18n/routing';

const id = '3f2c1a9e-7b4d-4e8f-9a1b-2c3d4e5f6a7b';

describe('language links', () => {
  it('strip any of the twelve locale prefixes', () => {
    expect(unlocalisedPath(`/cy/${id}/success`)).toBe(`/${id}/success`);
    expect(unlocalisedPath('/ar')).toBe('/');
    expect(unlocalisedPath('/docs/errors')).toBe('/docs/errors');
    expect(unlocalisedPath('/')).toBe('/');
  });

  it('keep the path in the other language, with a prefix even for en-GB (so the proxy stores the choice)', () => {
    expect(languageHref('fr', `/de/${id}`)).toBe(`/fr/${id}`);
    expect(languageHref('en-GB', `/fr/${id}/cancel`)).toBe(`/en-GB/${id}/cancel`);
    expect(languageHref('el', '/sandbox/mailbox')).toBe('/el/sandbox/mailbox');
    expect(languageHref('ar', '/fr')).toBe('/ar');
  });

  it('know that Arabic alone is right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    for (const locale of ['en-GB', 'cy', 'el', 'fr']) expect(textDirection(locale)).toBe('ltr');
  });
});

describe('paths that cannot be pages', () => {
  it('are checkout-shaped paths whose id is not a uuid, in any locale', () => {
    for (const path of [
      '/pas-de-page',
      '/fr/pas-de-page',
      '/docs',
      '/sandbox/',
      '/abc/success',
      '/cy/abc/return',
      '/en-GB/not-found',
    ]) {
      expect(cannotBeAPage(path), path).toBe(true);
    }
  });

  it('leave alone the home page, the status page, uuids (only the page can ask the database) and deeper paths', () => {
    for (const path of [
      '/',
      '/fr',
      `/${id}`,
      `/ar/${id}/failure`,
      '/docs/errors',
      '/sandbox/mailbox',
      '/a/b/c',
      `/${id}/receipt`,
      '/status',
      '/fr/status',
    ]) {
      expect(cannotBeAPage(path), path).toBe(false);
    }
  });

  it('go to the 404 route of their locale, which no payment link page can take', () => {
    expect(pathLocale('/pl/abc')).toBe('pl');
    expect(pathLocale('/abc')).toBe('en-GB');
    expect(notFoundRoute('pl')).toBe('/pl/not-found/404');
    expect(cannotBeAPage(notFoundRoute('pl'))).toBe(false);
  });
});

describe('the security headers know every locale prefix', () => {
  it.each(routing.locales)('%s: its checkout is a payment page (no-store) and its embed an embed page', (locale) => {
    expect(isPaymentPage(`/${locale}/${id}/success`)).toBe(true);
    expect(isPaymentPage(`/${locale}/sandbox/3ds/SBX-1`)).toBe(true);
    expect(isEmbedPage(`/${locale}/embed/abc`)).toBe(true);
    expect(isPaymentPage(`/${locale}/docs/errors`)).toBe(false);
  });
});
