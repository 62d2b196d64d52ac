import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { ErrorContent, errorLocale } from '@/app/[locale]/error-content';
import { ErrorWordsProvider, useErrorWords } from '@/app/[locale]/error-words';
import { errorWordsLoaders } from '@/app/[locale]/error-words-loaders';
import GlobalErrorPage from '@/app/[locale]/global-error-page';
import GlobalError from '@/app/global-error';
import { routing } from '@/lib/i18n/routing';

const words = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', locale, 'ErrorPage.json'), 'utf8')) as Record<
    string,
    string
  >;
/** An error boundary's content as error.tsx renders it: its words from the layout's provider, if any. */
function Boundary({ locale, error }: { locale: string; error: unknown }) {
  return createElement(ErrorContent, {
    locale: errorLocale(locale),
    words: useErrorWords(),
    error,
    retry: () => undefined,
  });
}
/** Under the layout's provider with the language's words, as app/[locale]/layout.tsx hands them down. */
const render = (locale: string, error: unknown) => {
  const t = words(locale);
  const given = { title: t.title!, body: t.body!, retry: t.retry!, reference: t.reference! };
  return renderToStaticMarkup(
    createElement(ErrorWordsProvider, { words: given }, createElement(Boundary, { locale, error })),
  );
};
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/'/g, '&#x27;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

describe('the error page (app/[locale]/error.tsx, app/global-error.tsx)', () => {
  it.each(routing.locales)('%s: its heading, advice and retry button, and the digest as a reference', (locale) => {
    const error = Object.assign(
      new Error('relation "transactions" does not exist at Object.<anonymous> (/app/lib/db.ts:12:3)'),
      { digest: '2417593751' },
    );
    const html = render(locale, error);
    const t = words(locale);
    expect(html).toContain(`<h1>${escaped(t.title!)}</h1>`);
    expect(html).toContain(escaped(t.body!));
    expect(html).toContain(`<button type="button">${escaped(t.retry!)}</button>`);
    expect(html).toContain(escaped(t.reference!.replace('{reference}', '2417593751')));
    // Never the error's message or stack.
    expect(html).not.toMatch(/relation|does not exist|lib\/db\.ts|at Object/);
  });

  it('writes right-to-left languages right to left, and falls back to English for an unknown locale', () => {
    expect(render('ar', new Error('x'))).toContain('dir="rtl"');
    expect(errorLocale(undefined)).toBe('en-GB');
    expect(errorLocale('xx')).toBe('en-GB');
  });

  it('a boundary gets its words only from the layout: without the provider it throws (no English in every page)', () => {
    // error-words.tsx is first-load JavaScript of every page: an English fallback there is a catalog in every page.
    expect(() => renderToStaticMarkup(createElement(Boundary, { locale: 'en-GB', error: new Error('x') }))).toThrow(
      /ErrorWordsProvider/,
    );
  });

  it("the root layout's error page shows English until its language's words arrive", () => {
    const html = renderToStaticMarkup(
      createElement(GlobalErrorPage, { locale: 'ar', error: { digest: 'abc-123' }, retry: () => undefined }),
    );
    expect(html).toContain(`<h1>${escaped(words('en-GB').title!)}</h1>`);
    expect(html).toContain(escaped(words('en-GB').reference!.replace('{reference}', 'abc-123')));
    expect(html).toContain('dir="rtl"');
  });

  it('global-error.tsx renders its lazily loaded page into the server-built document (it reads without JavaScript)', async () => {
    const { prelude } = await prerender(createElement(GlobalError, { error: new Error('x'), retry: () => undefined }));
    const html = await new Response(prelude).text();
    // No route params outside Next.js: the default language.
    expect(html).toContain('<html lang="en-GB" dir="ltr">');
    expect(html).toContain(`<h1>${escaped(words('en-GB').title!)}</h1>`);
    expect(html).toContain(`<button type="button">${escaped(words('en-GB').retry!)}</button>`);
  });

  it('shows no reference for a client error without a digest, nor a digest that is not a plain id', () => {
    expect(render('en-GB', new Error('x'))).not.toContain('Error reference');
    expect(render('en-GB', { digest: '<script>' })).not.toContain('Error reference');
    expect(render('en-GB', 'thrown string')).not.toContain('thrown string');
  });

  it.each(routing.locales.filter((locale) => locale !== 'en-GB'))(
    "%s: the root layout's own error page (global-error.tsx) fetches that language's words",
    async (locale) => {
      const { default: catalog } = await errorWordsLoaders[locale as Exclude<typeof locale, 'en-GB'>]();
      expect(catalog.title).toBe(words(locale).title);
      expect(catalog.reference).toBe(words(locale).reference);
    },
  );
});
