import { routing } from '@/lib/i18n/routing';
import { ACTION_REFUSED_SEGMENT } from './action-refusal';

/*
 * What a custom portal domain may serve (product.md section 9), by path alone:
 * the group portal, payment link checkout and result pages, receipts, the
 * files those pages load, and the page a refused form ends on. Whether the group, link or payment belongs to the
 * domain's organisation needs the database (lib/core/groups/portal-host.ts).
 */

const locale = `(?:/(?:${routing.locales.join('|')}))?`;
const uuid = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

const groupPath = new RegExp(`^${locale}/groups/${uuid}/?$`, 'i');
/** The portal's CSV export (app/[locale]/groups/[group_id]/export): a group target too, never a token's entry. */
const groupExportPath = new RegExp(`^${locale}/groups/${uuid}/export/?$`, 'i');
/** A link's checkout, its result pages, its member's own page (`/member`, its card replacement `/member/card` and its 3-D Secure return) its sandbox wallet sheet (`/wallet`) and its QR code page (`/qr`). */
const linkPath = new RegExp(
  `^${locale}/${uuid}(?:/(?:success|failure|cancel|return|member(?:/card(?:/return)?)?|wallet|qr))?/?$`,
  'i',
);
const receiptPath = new RegExp(`^${locale}/receipts/${uuid}/?$`, 'i');
/** Next.js's built scripts and styles, a brand stylesheet (app/brand), the icons, Apple Pay's domain association file. */
const assetPath =
  /^\/(?:_next\/static\/|brand\/[0-9a-f]{6}\.css$|favicon\.ico$|icon\.svg$|\.well-known\/apple-developer-merchantid-domain-association$)/;
/** The refusal page of a form (lib/http/action-refusal.ts): any host's forms may end there; it shows no organisation's data. */
const refusedPath = new RegExp(`^${locale}/${ACTION_REFUSED_SEGMENT}/?$`);

export type PortalTarget =
  | { kind: 'group'; id: string }
  | { kind: 'payment_link'; id: string }
  | { kind: 'receipt'; id: string }
  | { kind: 'asset' };

/** What a path on a portal domain would show, or null for anything a portal domain never serves (the API, the sandbox, the home page, ...). */
export function portalTarget(pathname: string): PortalTarget | null {
  if (assetPath.test(pathname) || refusedPath.test(pathname)) return { kind: 'asset' };
  let match = groupPath.exec(pathname) ?? groupExportPath.exec(pathname);
  if (match) return { kind: 'group', id: match[1]!.toLowerCase() };
  match = receiptPath.exec(pathname);
  if (match) return { kind: 'receipt', id: match[1]!.toLowerCase() };
  match = linkPath.exec(pathname);
  if (match) return { kind: 'payment_link', id: match[1]!.toLowerCase() };
  return null;
}

/**
 * The host name a request was sent to: the Host header lower-cased, without its
 * port, brackets (IPv6) or a trailing dot. X-Forwarded-Host is never read: a
 * client may send anything in it.
 */
export function requestHostName(host: string | null): string | null {
  if (!host) return null;
  const name = host
    .trim()
    .toLowerCase()
    .replace(/:\d*$/, '')
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return name || null;
}

/**
 * The request header in which proxy.ts tells pages and actions the organisation
 * whose portal domain the request came to (absent: the main host). proxy.ts
 * removes any value a client sent before it sets its own.
 */
export const PORTAL_ORGANISATION_HEADER = 'x-travel-pay-portal-organisation';

/** The group id of a portal page path (`/groups/{id}`, any locale), else null. */
export function portalGroupId(pathname: string): string | null {
  return groupPath.exec(pathname)?.[1]?.toLowerCase() ?? null;
}
