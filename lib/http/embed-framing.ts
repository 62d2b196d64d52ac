import type { ServiceMode } from '@/lib/config';
import { routing } from '@/lib/i18n/routing';
import { frameAncestors } from './security-headers';

/*
 * Which parent pages may frame the embedded checkout (docs/embed-protocol.md, "Origins").
 * Pure: proxy.ts asks lib/core for the organisation's list and turns it into the
 * frame-ancestors value here.
 */

const locales = `(?:/(?:${routing.locales.join('|')}))?`;
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const sessionPath = new RegExp(`^${locales}/embed/(${uuid})(?:/|$)`, 'i');
const stepPath = new RegExp(`^${locales}/sandbox/(?:3ds|bank)/([^/]+)/?$`);

/**
 * What a framable path belongs to: an embed page names its ecommerce session; the
 * sandbox's 3-D Secure and bank pages (which the embed loads inside its frame) name the
 * processor reference of a payment. Null for every other path: it is never framed.
 */
export function embedFrameTarget(pathname: string): { session: string } | { reference: string } | null {
  const session = sessionPath.exec(pathname);
  if (session) return { session: session[1]!.toLowerCase() };
  const step = stepPath.exec(pathname);
  if (step) {
    try {
      return { reference: decodeURIComponent(step[1]!) };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The frame-ancestors value for an embed of an organisation:
 * - its `allowed_embed_origins` when it has set any: those origins and no other;
 * - none set, in production: 'none'. Any https page could otherwise frame a customer's
 *   payment, and dress it as something else (clickjacking); a merchant names its own
 *   origins before it embeds. In the sandbox any http(s) page may frame it, so a developer
 *   starts on http://localhost without configuring anything.
 * `null` (no ecommerce session behind the path): 'none'.
 */
export function embedAncestorsValue(allowedOrigins: readonly string[] | null, mode: ServiceMode): string {
  if (allowedOrigins === null) return "'none'";
  if (allowedOrigins.length > 0) return frameAncestors(allowedOrigins);
  return mode === 'production' ? "'none'" : 'https: http:';
}
