import type { ServiceMode } from '@/lib/config';

/*
 * Which requests proxy.ts lets through without the hosted pages' headers: the API,
 * Next.js's own files, and the few files this service really serves. It used to be
 * "any path whose last segment has a dot", but a dynamic segment may hold a dot:
 * `/{id}.` reached a page (the checkout's, the 404's) without its CSP, X-Frame-Options
 * or Referrer-Policy. Now the files are named one by one; anything else is a page.
 */

/** The API and Next.js's internals (its `next dev` endpoints are `/__nextjs_…`): never pages, whatever they end with. */
const internal = /^\/(?:(?:api|_next|_vercel)(?:\/|$)|__nextjs)/;

/**
 * The icons (app/favicon.ico, app/icon.svg), a brand stylesheet (app/brand/[file]) and Apple Pay's domain
 * association file (app/.well-known/apple-developer-merchantid-domain-association: Apple fetches it, no page).
 */
const servedFiles =
  /^\/(?:favicon\.ico|icon\.svg|brand\/[0-9a-f]{6}\.css|\.well-known\/apple-developer-merchantid-domain-association)$/;

/** The sandbox's example merchant page and its two files (public/, docs/embed-protocol.md). */
const embedExample = /^\/embed-example\.(?:html|css|js)$/;

export const isEmbedExampleFile = (pathname: string) => embedExample.test(pathname);

/**
 * Whether a path is no hosted page, so it gets none of the page headers. In production the
 * example merchant page is not one of the service's files at all (proxy.ts answers it with
 * the 404 document, which gets the headers).
 */
export function isNotAPage(pathname: string, mode: ServiceMode): boolean {
  if (internal.test(pathname) || servedFiles.test(pathname)) return true;
  return mode === 'sandbox' && isEmbedExampleFile(pathname);
}
