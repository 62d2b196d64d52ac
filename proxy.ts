import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { isSandbox, publicBaseUrl, serviceMode } from './lib/config';
import { allowedActionOrigins, isAllowedActionOrigin, isServerActionRequest } from './lib/http/action-origin';
import { createNonce, pageSecurityHeaders, processorOrigins, wantsHsts } from './lib/http/security-headers';
import { cannotBeAPage, notFoundRoute, pathLocale } from './lib/i18n/page-paths';
import { routing } from './lib/i18n/routing';

const intl = createMiddleware(routing);

/** The sandbox's pages: the mailbox and the 3-D Secure and bank stand-ins. */
const sandboxPage = new RegExp(`^(?:/(${routing.locales.join('|')}))?/sandbox(?:/|$)`);
/** Paths that are not pages; the proxy sees them only for the server-action check (config.matcher). */
const notAPage = /^\/(?:api|_next|_vercel)(?:\/|$)|\.[^/]*$/;

/**
 * Every hosted page passes here once:
 * 1. a request that could run a server action must come from our own origin (403 otherwise);
 * 2. a fresh nonce goes into the Content-Security-Policy of the request (Next.js reads it
 *    from there and puts it on its own scripts) and of the response, with the other
 *    security headers of lib/http/security-headers.ts;
 * 3. locale routing (next-intl): an unprefixed path goes to the NEXT_LOCALE cookie's
 *    locale, else the Accept-Language one (a redirect to `/fr/...`), else en-GB.
 * 4. paths that cannot be pages are answered by the 404 document (app/[locale]/[...rest]/route.ts)
 *    at the same address: the sandbox pages in production mode, before any of them renders,
 *    and checkout-shaped paths whose id is not a uuid (lib/i18n/page-paths.ts).
 */
export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isServerActionRequest(request.method, request.headers)
    && !isAllowedActionOrigin(request.headers.get('origin'), allowedActionOrigins(publicBaseUrl()))) {
    return new NextResponse('Forbidden: this form may only be sent from this site’s own pages.\n', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
    });
  }
  if (notAPage.test(pathname)) return NextResponse.next();

  const nonce = createNonce();
  const mode = serviceMode();
  const headers = pageSecurityHeaders({
    pathname, nonce, mode,
    development: process.env.NODE_ENV === 'development',
    processor: processorOrigins(mode, process.env),
    hsts: wantsHsts(publicBaseUrl(), request.headers.get('host')),
  });
  const forwarded = new Headers(request.headers);
  forwarded.set('content-security-policy', headers['Content-Security-Policy']!);
  forwarded.set('x-nonce', nonce);
  // The 404 document keeps this path in its language links, whatever the rewrite.
  forwarded.set('x-requested-path', pathname);
  const notFound = (locale: string) => NextResponse.rewrite(new URL(notFoundRoute(locale), request.url), { request: { headers: forwarded } });

  const match = sandboxPage.exec(pathname);
  let response: NextResponse;
  if (match && !isSandbox()) {
    response = notFound(match[1] ?? routing.defaultLocale);
  } else {
    // next-intl forwards the request headers it is given; it reads nothing but the URL, headers and cookies.
    response = intl(new NextRequest(request.url, { headers: forwarded }));
    // A redirect to the customer's language comes first; the path is checked again when it arrives there.
    if (!response.headers.has('location') && cannotBeAPage(pathname)) {
      const cookies = response.headers.getSetCookie();
      response = notFound(pathLocale(pathname));
      for (const cookie of cookies) response.headers.append('set-cookie', cookie);
    }
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    // Every page path, but not the API, Next.js internals or files with an extension.
    '/((?!api|_next|_vercel|.*\\..*).*)',
    // Anything that could be a server action, wherever it is posted (a dynamic segment may hold a dot).
    { source: '/((?!api/|_next/|_vercel).*)', has: [{ type: 'header', key: 'next-action' }] },
    { source: '/((?!api/|_next/|_vercel).*)', has: [{ type: 'header', key: 'content-type', value: 'multipart/form-data.*' }] },
  ],
};
