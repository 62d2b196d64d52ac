/**
 * Whether the embed may load `url` in its frame as a payment step (3-D Secure, the
 * bank): this service's own sandbox step pages, or a page of the processor's origins.
 * The embed's step page takes the URL from its query, so without this check it would
 * send a framed customer anywhere a crafted link said.
 */
export function isPaymentStepUrl(url: string, ownOrigin: string, processorOrigins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.origin === ownOrigin)
    return /^\/(?:[a-zA-Z-]{2,5}\/)?sandbox\/(?:3ds|bank)\/[^/]+\/?$/.test(parsed.pathname);
  return parsed.protocol === 'https:' && processorOrigins.includes(parsed.origin);
}
