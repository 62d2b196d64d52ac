import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { isSandbox, publicBaseUrl, serviceMode } from './lib/config';
import { portalEntry } from './lib/core/groups/portal-entry';
import { hostDecision } from './lib/core/groups/portal-host';
import { PORTAL_SESSION_COOKIE, portalCookieAttributes } from './lib/core/groups/portal-session';
import { embedFrameAncestors } from './lib/core/hosted-checkout/embed-origins';
import { hostedPageMissing } from './lib/core/hosted-checkout/hosted-page-exists';
import { actionOriginsFor, isAllowedActionOrigin, isServerActionRequest } from './lib/http/action-origin';
import { ACTION_PAGE_HEADER } from './lib/http/action-page';
import { refusedActionResponse } from './lib/http/action-refusal-response';
import { PORTAL_ORGANISATION_HEADER } from './lib/http/portal-paths';
import { actionBodyTooLarge, tooLargeResponse } from './lib/http/action-body-limit';
import { createNonce, pageSecurityHeaders, processorOrigins, wantsHsts } from './lib/http/security-headers';
import { isEmbedExampleFile, isNotAPage } from './lib/http/static-files';
import { cannotBeAPage, notFoundRoute, pathLocale } from './lib/i18n/page-paths';
import { routing } from './lib/i18n/routing';

const intl = createMiddleware(routing);

/** The sandbox's pages: the mailbox and the 3-D Secure and bank stand-ins. */
const sandboxPage = new RegExp(`^(?:/(${routing.locales.join('|')}))?/sandbox(?:/|$)`);
/**
 * Every request passes here once:
 * 0. its Host decides the face: an organisation's custom portal domain serves only that
 *    organisation's group portals, payment link pages, receipts and their files
 *    (lib/core/groups/portal-host.ts); anything else there is the 404 document. Every
 *    other host is the main host. Pages learn the portal's organisation from
 *    PORTAL_ORGANISATION_HEADER, which only this function sets;
 * 1. a request that could run a server action must come from our own origin: the portal
 *    domain's origin on a portal domain, else PUBLIC_BASE_URL's (in sandbox mode also its
 *    loopback aliases, lib/http/action-origin.ts); any other is sent to the refusal page
 *    (a 403 the browser follows: lib/http/action-refusal-response.ts). It must say a body
 *    within Next.js's limit for actions (413 and a page that says so; lib/http/action-body-limit.ts).
 *    The path goes to the actions in ACTION_PAGE_HEADER: the page whose object they may act on;
 * 2. a fresh nonce goes into the Content-Security-Policy of the request (Next.js reads it
 *    from there and puts it on its own scripts) and of the response, with the other
 *    security headers of lib/http/security-headers.ts;
 *    An embed page (and a sandbox 3-D Secure or bank page of an embedded payment) may be
 *    framed by the session's organisation's origins (frame-ancestors, read on every request);
 * 3. `portal_url` (`/groups/{id}?token=`): the leader's token becomes the portal's session
 *    cookie and leaves the address bar (a 303 to the same page without it; portal-entry.ts);
 * 4. locale routing (next-intl): an unprefixed path goes to the NEXT_LOCALE cookie's
 *    locale, else the Accept-Language one (a redirect to `/fr/...`), else en-GB.
 * 5. paths that cannot be pages are answered by the 404 document (app/[locale]/[...rest]/route.ts)
 *    at the same address: the sandbox pages in production mode, before any of them renders,
 *    checkout-shaped paths whose id is not a uuid (lib/i18n/page-paths.ts), the pages of a link,
 *    receipt, approval or group that does not exist (hosted-page-exists.ts), and in production
 *    the sandbox's example merchant page (public/embed-example.*).
 * Only the API, Next.js's files and the service's own few files skip 2.-5. (lib/http/static-files.ts):
 * a path is not a file because its last segment has a dot.
 */
export default async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const { scope, allowed } = await hostDecision(request.headers.get('host'), pathname);
  // A portal domain's forms post from that domain only; the main host's from PUBLIC_BASE_URL (in sandbox, also its loopback aliases).
  const actionOrigins = actionOriginsFor(scope.kind === 'portal' ? scope.origin : publicBaseUrl(), serviceMode());
  if (
    isServerActionRequest(request.method, request.headers) &&
    !isAllowedActionOrigin(request.headers.get('origin'), actionOrigins)
  ) {
    return refusedActionResponse(request.headers, pathname, request.url);
  }
  if (isServerActionRequest(request.method, request.headers) && actionBodyTooLarge(request.headers))
    return tooLargeResponse(pathLocale(pathname), pathname);
  // Pages and actions learn the host's organisation, and the page an action was posted to,
  // from these headers only: a client's own values never pass.
  const incoming = new Headers(request.headers);
  incoming.delete(PORTAL_ORGANISATION_HEADER);
  if (scope.kind === 'portal') incoming.set(PORTAL_ORGANISATION_HEADER, scope.organisationId);
  incoming.set(ACTION_PAGE_HEADER, pathname);
  const mode = serviceMode();
  if (allowed && isNotAPage(pathname, mode)) return NextResponse.next({ request: { headers: incoming } });

  const nonce = createNonce();
  const headers = pageSecurityHeaders({
    pathname,
    nonce,
    mode,
    development: process.env.NODE_ENV === 'development',
    processor: processorOrigins(mode, process.env),
    hsts: wantsHsts(publicBaseUrl(), request.headers.get('host')),
    frameAncestors: await embedFrameAncestors(pathname),
  });
  // The page's request headers: `incoming` itself (not used again), so no second copy per request.
  const forwarded = incoming;
  forwarded.set('content-security-policy', headers['Content-Security-Policy']!);
  forwarded.set('x-nonce', nonce);
  // The 404 document keeps this path in its language links, whatever the rewrite.
  forwarded.set('x-requested-path', pathname);
  const notFound = (locale: string) =>
    NextResponse.rewrite(new URL(notFoundRoute(locale), request.url), { request: { headers: forwarded } });

  const match = sandboxPage.exec(pathname);
  let response: NextResponse;
  const entry = allowed
    ? await portalEntry(pathname, request.nextUrl.searchParams, request.cookies.get(PORTAL_SESSION_COOKIE)?.value)
    : null;
  if (!allowed) {
    response = notFound(pathLocale(pathname));
  } else if (entry) {
    // Absolute on the server's own origin (NextResponse wants a URL): Next.js sends same-origin
    // locations as paths, so the browser stays on the host it asked.
    response = new NextResponse(null, {
      status: 303,
      headers: { Location: new URL(entry.location, request.url).href, 'Cache-Control': 'no-store' },
    });
    if (entry.session) response.cookies.set(PORTAL_SESSION_COOKIE, entry.session, portalCookieAttributes);
  } else if (match && !isSandbox()) {
    response = notFound(match[1] ?? routing.defaultLocale);
  } else if (isEmbedExampleFile(pathname)) {
    // Production: the example merchant page is a sandbox tool, not one of the service's pages.
    response = notFound(routing.defaultLocale);
  } else {
    // next-intl forwards the request headers it is given; it reads nothing but the URL, headers and cookies.
    response = intl(new NextRequest(request.url, { headers: forwarded }));
    // A redirect to the customer's language comes first; the path is checked again when it arrives there.
    // The same for a hosted page whose link, receipt, approval or group does not exist (a GET or HEAD: forms post
    // to pages that do): the complete 404 document at its address (lib/core/hosted-checkout/hosted-page-exists.ts).
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (
      !response.headers.has('location') &&
      (cannotBeAPage(pathname) || (read && (await hostedPageMissing(pathname))))
    ) {
      const cookies = response.headers.getSetCookie();
      response = notFound(pathLocale(pathname));
      for (const cookie of cookies) response.headers.append('set-cookie', cookie);
    }
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Every request but Next.js's built files (served on every host): a portal domain must
  // refuse the API and the sandbox too, and anything could be a server action.
  matcher: ['/((?!_next/static/).*)'],
};
