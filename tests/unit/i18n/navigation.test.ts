import { describe, expect, it } from 'vitest';
import { getPathname, type Href } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';

/*
 * lib/i18n/navigation.ts replaces next-intl's createNavigation(routing).getPathname (its import put next-intl's
 * client Link on every page): these are the paths next-intl 4 gave for the same hrefs (localePrefix 'as-needed').
 */
const link = '3f1c2a4e-9b7d-4c1e-8f00-0123456789ab';
/** [href, the path in en-GB, the path in another language after its /{locale}] */
const cases: [Href, string, string][] = [
  ['/', '/', ''],
  ['/status', '/status', '/status'],
  [`/${link}`, `/${link}`, `/${link}`],
  [`/${link}/success`, `/${link}/success`, `/${link}/success`],
  ['/receipts/x%20y/not-found', '/receipts/x%20y/not-found', '/receipts/x%20y/not-found'],
  ['/approvals/1/', '/approvals/1/', '/approvals/1/'],
  [{ pathname: '/sandbox/mailbox', query: {} }, '/sandbox/mailbox?', '/sandbox/mailbox?'],
  [
    { pathname: '/sandbox/mailbox', query: { to: 'a@b.c', page: '2' } },
    '/sandbox/mailbox?to=a%40b.c&page=2',
    '/sandbox/mailbox?to=a%40b.c&page=2',
  ],
  [{ pathname: '/', query: { clock: 'ok' } }, '/?clock=ok', '?clock=ok'],
  [{ pathname: '/x', query: { tag: ['a', 'b'], n: 3 } }, '/x?tag=a&tag=b&n=3', '/x?tag=a&tag=b&n=3'],
];

describe('getPathname: a path of the site in a language', () => {
  it('leaves en-GB (the default) unprefixed', () => {
    for (const [href, path] of cases) expect(getPathname({ href, locale: 'en-GB' }), JSON.stringify(href)).toBe(path);
  });

  it.each(routing.locales.filter((locale) => locale !== routing.defaultLocale))(
    'puts %s in front of the path',
    (locale) => {
      for (const [href, , path] of cases)
        expect(getPathname({ href, locale }), JSON.stringify(href)).toBe(`/${locale}${path}`);
    },
  );
});
