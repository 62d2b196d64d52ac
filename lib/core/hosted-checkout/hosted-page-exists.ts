import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { approvals, paymentLinkGroups, paymentLinks, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { unlocalisedPath } from '@/lib/i18n/language-links';
import { PAYING_STATUSES } from '../checkout/checkout-status';
import { isUuid } from '../shared/is-uuid';
import { recentlySeen, rememberSeen } from './recently-seen';
import { findReplacementLink } from './replacement-link';

/*
 * Whether the object a hosted page shows exists, asked by proxy.ts before the page renders (issue 17
 * item 12). A page's notFound() answers status 404 at the same address, but Next.js 16 sends it as an
 * empty shell (`<html id="__next_error__">`) whose words only JavaScript fills in (vercel/next.js
 * #62228, #95613); the proxy instead rewrites a missing object's page to the complete server-built
 * 404 document (app/[locale]/[...rest]), same address, status 404, readable without JavaScript. The
 * pages keep their notFound() for what only they can tell (a group of another organisation's portal
 * domain, a receipt or approval gone between the two reads). One primary-key read per page request, none for an
 * object found within the last minute (recently-seen.ts).
 */

type Target = { kind: 'link' | 'receipt' | 'approval' | 'group'; id: string };

const shapes: [RegExp, Target['kind']][] = [
  [/^\/([^/]+)(?:\/(?:success|failure|cancel|return|member|wallet|qr))?\/?$/, 'link'],
  [/^\/receipts\/([^/]+)\/?$/, 'receipt'],
  [/^\/approvals\/([^/]+)\/?$/, 'approval'],
  [/^\/groups\/([^/]+)\/?$/, 'group'],
];

/** The object a page path names (whatever its locale prefix), or null for any other path. */
export function hostedPageTarget(pathname: string): Target | null {
  const path = unlocalisedPath(pathname);
  for (const [shape, kind] of shapes) {
    const match = shape.exec(path);
    // Only uuids: every other single segment (status, docs, ...) is a page of its own or the proxy's 404 already.
    if (match && isUuid(match[1]!)) return { kind, id: match[1]! };
  }
  return null;
}

async function exists(db: Db, { kind, id }: Target): Promise<boolean> {
  const one = async (rows: Promise<unknown[]>) => (await rows).length > 0;
  switch (kind) {
    case 'link':
      // A member's replaced link still has a page: it redirects to the member's current one (replacement-link.ts).
      return (
        (await one(
          db
            .select({ id: paymentLinks.id })
            .from(paymentLinks)
            .where(and(eq(paymentLinks.id, id), eq(paymentLinks.kind, 'payment_link'), isNull(paymentLinks.deletedAt))),
        )) || (await findReplacementLink(db, id)) !== null
      );
    case 'receipt':
      return one(
        db
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.id, id), inArray(transactions.status, [...PAYING_STATUSES]))),
      );
    case 'approval':
      return one(db.select({ id: approvals.id }).from(approvals).where(eq(approvals.id, id)));
    case 'group':
      return one(db.select({ id: paymentLinkGroups.id }).from(paymentLinkGroups).where(eq(paymentLinkGroups.id, id)));
  }
}

/**
 * proxy.ts's question: is this a hosted page (link, result page, receipt, approval, group) of nothing?
 * An object found a moment ago is not asked for again (recently-seen.ts).
 */
export async function hostedPageMissing(pathname: string): Promise<boolean> {
  const target = hostedPageTarget(pathname);
  if (target === null) return false;
  const key = `${target.kind}:${target.id}`;
  if (recentlySeen(key)) return false;
  if (!(await exists(await getDb(), target))) return true;
  rememberSeen(key);
  return false;
}
