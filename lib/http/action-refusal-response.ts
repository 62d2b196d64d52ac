import { pathLocale } from '@/lib/i18n/page-paths';
import { actionRefusedPath } from './action-refusal';

/**
 * proxy.ts's answer to a form post from an origin that is not ours (lib/http/action-origin.ts):
 * the refusal page in the page's language, instead of a bare 403 that Next.js's client turns
 * into its generic "This page couldn't load" (issue 16).
 *   - a server action sent by React (Next-Action header): a 403 with `x-action-redirect`,
 *     which Next.js's client follows with a full navigation (server-action-reducer:
 *     a non-RSC answer with that header is an external redirect);
 *   - a form posted before hydration: a 303 to the page. Absolute on the request's own URL
 *     (Next.js refuses a relative Location from the proxy with a 500, and sends same-origin
 *     locations on as paths), so the browser stays on the host it asked, whichever name that was.
 * The body says the same in plain text for any other client. Nothing ran: no action was reached.
 */
export function refusedActionResponse(headers: Headers, pathname: string, requestUrl: string): Response {
  const location = actionRefusedPath(pathLocale(pathname), 'origin');
  const common = {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  const body = 'Forbidden: this form may only be sent from this site’s own pages.\n';
  if (headers.has('next-action'))
    return new Response(body, { status: 403, headers: { ...common, 'x-action-redirect': location } });
  return new Response(body, { status: 303, headers: { ...common, Location: new URL(location, requestUrl).href } });
}
