/**
 * The page's origin (scheme://host[:port]) from the absolute return URL on the same public host: the 3-D Secure 2
 * data Adyen recommends (adyen-requests.ts) names it. Null for a URL that does not parse.
 */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
