import type { ServiceMode } from '@/lib/config';

/*
 * Server actions are POSTs to a page's own path. Next.js compares their Origin with
 * the Host header but lets a request without Origin through (with a warning), and
 * no-JavaScript form posts carry no Next-Action header at all. proxy.ts therefore
 * refuses every request that can run an action unless its Origin is one of ours,
 * and the checkout's action wrapper (app/[locale]/checkout-action.ts) asks again
 * with the same rule.
 */

/** Whether Next.js would treat this request as a server action (next/dist/server/lib/server-action-request-meta). */
export function isServerActionRequest(method: string, headers: Headers): boolean {
  if (method.toUpperCase() !== 'POST') return false;
  if (headers.has('next-action')) return true;
  // A form posted before hydration: multipart with the action id in a field. (Next.js
  // does not run url-encoded posts as actions; a processor may POST those back to us.)
  return (headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * The origins a page's forms may post from: the service's public origin
 * (PUBLIC_BASE_URL) and, later, the organisations' own portal domains. The one
 * place that decides it.
 */
export function allowedActionOrigins(publicBaseUrl: string, extra: readonly string[] = []): string[] {
  return [publicBaseUrl, ...extra].flatMap((value) => {
    try {
      return [new URL(value).origin];
    } catch {
      return [];
    }
  });
}

/** The three names of this machine a browser may use for a loopback address. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * The origins forms may post from for a host whose own origin is `expected`
 * (PUBLIC_BASE_URL's, or a portal domain's). In sandbox mode an `expected` on a
 * loopback name also accepts the other two loopback names on the same scheme and
 * port (issue 16: a developer opens http://127.0.0.1:3000 against the default
 * http://localhost:3000). Only loopback names, only in sandbox: a page on any
 * other host of the machine, or any production service, is still refused.
 */
export function actionOriginsFor(expected: string, mode: ServiceMode): string[] {
  const [origin] = allowedActionOrigins(expected);
  if (!origin) return [];
  const url = new URL(origin);
  if (mode !== 'sandbox' || !(LOOPBACK_HOSTS as readonly string[]).includes(url.hostname)) return [origin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(origin);
    alias.hostname = host;
    return alias.origin;
  });
}

/** A missing Origin, `null`, or any origin not in the list is refused. */
export function isAllowedActionOrigin(origin: string | null, allowed: readonly string[]): boolean {
  if (!origin || origin === 'null') return false;
  return allowed.includes(origin);
}
