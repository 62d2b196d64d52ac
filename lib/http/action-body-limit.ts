import { errorPageWords } from '@/lib/i18n/error-page-words';
import { routing, textDirection, type Locale } from '@/lib/i18n/routing';

/*
 * Next.js reads at most 1 MB of a server action's body (serverActions.bodySizeLimit, left at
 * its default in next.config.ts) and throws past it; the shopper then got a 500 and Next.js's
 * generic page. proxy.ts answers such a request itself, before Next.js reads any of it: 413
 * and a page in the path's language that says what happened and that nothing was done.
 */

/** Next.js's default server-action body limit (next/dist/server/app-render/action-handler.js: 1024 * 1024). */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Whether a request's declared body is over the limit. Browsers declare the length of every
 * form post and fetch body; a body sent in chunks without a length is left to Next.js's own
 * check (which stops reading at the limit, so it costs nothing more).
 */
export function actionBodyTooLarge(headers: Headers): boolean {
  const declared = headers.get('content-length');
  if (!declared || !/^\d+$/.test(declared.trim())) return false;
  return Number(declared) > ACTION_BODY_LIMIT_BYTES;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 413 page: a complete document with no script or style, so its policy allows nothing at all. */
export function tooLargeResponse(requestedLocale: string, pathname: string): Response {
  const locale: Locale = (routing.locales as readonly string[]).includes(requestedLocale)
    ? (requestedLocale as Locale)
    : routing.defaultLocale;
  const t = errorPageWords[locale];
  const html = `<!DOCTYPE html>
<html lang="${locale}" dir="${textDirection(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(t.tooLargeTitle)}</title></head>
<body><main data-testid="form-too-large"><h1>${escape(t.tooLargeTitle)}</h1><p>${escape(t.tooLargeBody)}</p>
<p><a href="${escape(pathname)}">${escape(t.back)}</a></p></main></body>
</html>
`;
  return new Response(html, {
    status: 413,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    },
  });
}
