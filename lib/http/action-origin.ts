/*
 * Server actions are POSTs to a page's own path. Next.js compares their Origin with
 * the Host header but lets a request without Origin through (with a warning), and
 * no-JavaScript form posts carry no Next-Action header at all. proxy.ts therefore
 * refuses every request that can run an action unless its Origin is one of ours.
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

/** A missing Origin, `null`, or any origin not in the list is refused. */
export function isAllowedActionOrigin(origin: string | null, allowed: readonly string[]): boolean {
  if (!origin || origin === 'null') return false;
  return allowed.includes(origin);
}
