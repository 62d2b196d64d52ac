import { getTranslations } from 'next-intl/server';
import { getPathname } from '@/lib/i18n/navigation';
import { routing, type Locale } from '@/lib/i18n/routing';

const localeNames: Record<Locale, string> = { 'en-GB': 'English', fr: 'Français', de: 'Deutsch' };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The 404 page as one complete HTML document, built on the server: it reads the
 * same without JavaScript. (A page that calls notFound() gets, from Next.js 16,
 * an empty shell that only JavaScript fills; a route handler answers exactly this.)
 * The same texts, home link and language links as app/[locale]/not-found.tsx.
 */
export async function notFoundDocument(requested: string, nonce: string | null = null): Promise<Response> {
  // Its one inline <style> carries the request's CSP nonce (a base64 value, nothing to escape).
  const nonceAttribute = nonce && /^[A-Za-z0-9+/=_-]+$/.test(nonce) ? ` nonce="${nonce}"` : '';
  const locale: Locale = (routing.locales as readonly string[]).includes(requested) ? (requested as Locale) : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  const nav = await getTranslations({ locale, namespace: 'Nav' });
  const home = getPathname({ href: '/', locale });
  const languages = routing.locales.map((other) => other === locale
    ? `<li><span aria-current="page" lang="${other}">${localeNames[other]}</span></li>`
    : `<li><a href="${getPathname({ href: '/', locale: other })}" lang="${other}" hreflang="${other}">${localeNames[other]}</a></li>`).join('');
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(t('title'))}</title>
<link rel="icon" href="/favicon.ico" sizes="32x32" type="image/x-icon"><link rel="icon" href="/icon.svg" type="image/svg+xml">
<style${nonceAttribute}>${style}</style>
</head>
<body>
<nav class="site-nav" aria-label="${escape(nav('label'))}"><a href="${home}" data-testid="nav-home">${escape(nav('home'))}</a><ul class="locales" aria-label="${escape(nav('languages'))}">${languages}</ul></nav>
<main data-testid="not-found"><h1>${escape(t('title'))}</h1><p>${escape(t('body'))}</p></main>
</body>
</html>
`;
  return new Response(html, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

// The few rules of app/[locale]/globals.css this page uses.
const style = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;line-height:1.5}',
  'main{max-width:60rem;margin:0 auto;padding:2rem 1.25rem 4rem}h1{font-size:1.75rem;margin:0 0 .5rem}a{color:#0b5cad}',
  '.site-nav{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem 1rem;max-width:60rem;margin:0 auto;padding:.75rem 1.25rem;border-bottom:1px solid #d8dee4}',
  '.site-nav .locales{display:flex;gap:.75rem;list-style:none;margin:0;padding:0}.site-nav [aria-current]{font-weight:600}',
].join('');
