import { getTranslations } from 'next-intl/server';
import { isSandbox } from '@/lib/config';
import { languageHref } from '@/lib/i18n/language-links';
import { getPathname } from '@/lib/i18n/navigation';
import { localeNames, routing, textDirection, type Locale } from '@/lib/i18n/routing';
import { siteTitle } from '../page-title';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The 404 page as one complete HTML document, built on the server: it reads the
 * same without JavaScript. (A page that calls notFound() gets, from Next.js 16,
 * an empty shell that only JavaScript fills; a route handler answers exactly this.)
 * The same texts, home link and language switch as app/[locale]/not-found.tsx;
 * the language links keep the path asked for (`path`, as the browser sent it).
 */
export async function notFoundDocument(requested: string, nonce: string | null = null, path = '/'): Promise<Response> {
  // Its one inline <style> carries the request's CSP nonce (a base64 value, nothing to escape).
  const nonceAttribute = nonce && /^[A-Za-z0-9+/=_-]+$/.test(nonce) ? ` nonce="${nonce}"` : '';
  const locale: Locale = (routing.locales as readonly string[]).includes(requested)
    ? (requested as Locale)
    : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  const nav = await getTranslations({ locale, namespace: 'Nav' });
  const home = getPathname({ href: '/', locale });
  // The layout's sandbox badge (sandbox-badge.tsx), in the same words and place.
  const badge = isSandbox()
    ? `<p class="sandbox-badge" role="note" data-testid="sandbox-badge">${escape((await getTranslations({ locale, namespace: 'Layout' }))('sandboxBadge'))}</p>\n`
    : '';
  const dir = (other: Locale) => `lang="${other}" dir="${textDirection(other)}"`;
  const languages = routing.locales
    .map((other) =>
      other === locale
        ? `<li><span aria-current="page" ${dir(other)}>${localeNames[other]}</span></li>`
        : `<li><a href="${escape(languageHref(other, path))}" ${dir(other)} hreflang="${other}">${localeNames[other]}</a></li>`,
    )
    .join('');
  const globe =
    '<svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16"><circle cx="8" cy="8" r="7"/><path d="M1 8h14M8 1c2.2 2 2.2 12 0 14M8 1c-2.2 2-2.2 12 0 14"/></svg>';
  const html = `<!DOCTYPE html>
<html lang="${locale}" dir="${textDirection(locale)}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(await siteTitle(locale, t('title')))}</title>
<link rel="icon" href="/favicon.ico" sizes="32x32" type="image/x-icon"><link rel="icon" href="/icon.svg" type="image/svg+xml">
<style${nonceAttribute}>${style}</style>
</head>
<body>
${badge}<nav class="language-switch" aria-label="${escape(nav('languages'))}" data-testid="language-switch"><details><summary>${globe}${escape(nav('languages'))}: <span ${dir(locale)}>${localeNames[locale]}</span></summary><ul>${languages}</ul></details></nav>
<nav class="site-nav" aria-label="${escape(nav('label'))}"><a href="${home}" data-testid="nav-home">${escape(nav('home'))}</a></nav>
<main data-testid="not-found"><h1>${escape(t('title'))}</h1><p>${escape(t('body'))}</p></main>
</body>
</html>
`;
  return new Response(html, {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

// The few rules of app/[locale]/globals.css this page uses.
const style = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;line-height:1.5}',
  'main{max-width:60rem;margin:0 auto;padding:2rem 1.25rem 4rem}h1{font-size:1.75rem;margin:0 0 .5rem}a{color:#0b5cad}',
  '.site-nav{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem 1rem;max-width:60rem;margin:0 auto;padding:.75rem 1.25rem;border-bottom:1px solid #d8dee4}',
  '.language-switch{max-width:60rem;margin:0 auto;padding:.5rem 1.25rem 0;display:flex;justify-content:flex-end}.language-switch details{text-align:end}',
  '.language-switch summary{cursor:pointer;display:inline-flex;align-items:center;gap:.4rem;padding:.25rem .5rem;color:#0b5cad}.language-switch svg{fill:none;stroke:currentColor;stroke-width:1.2}',
  '.language-switch ul{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:.25rem .5rem;list-style:none;margin:.25rem 0 0;padding:0}.language-switch li>*{display:inline-block;padding:.25rem .4rem}',
  '.sandbox-badge{margin:0;padding:.35rem 1.25rem;background:#fff4d6;color:#5c4000;border-bottom:1px solid #d9b75c;text-align:center;font-weight:600}',
  '.language-switch [aria-current]{font-weight:600}:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}body{overflow-wrap:break-word}',
].join('');
