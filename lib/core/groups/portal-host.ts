import { and, eq, isNull, sql } from 'drizzle-orm';
import { publicBaseUrl } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { organisations, paymentLinkGroups, paymentLinks, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { portalTarget, requestHostName, type PortalTarget } from '@/lib/http/portal-paths';
import { hostedOrigin } from './hosted-origin';

/*
 * Custom portal domains (product.md section 9, docs/groups.md). A request whose
 * Host is an organisation's `portal_domain` reaches only that organisation's
 * group portals, payment link pages and receipts; every other host is the main
 * host. proxy.ts asks on every request; the setting is read each time (one
 * lookup by a unique index), so a changed domain holds from the next request.
 */

/** Which face of the service a host is: the main host, or one organisation's portal domain (with its origin, for the action Origin check). */
export type HostScope = { kind: 'main' } | { kind: 'portal'; organisationId: string; origin: string };

const MAIN: HostScope = { kind: 'main' };

/** The organisation whose portal domain `hostName` is, if any. */
export async function portalDomainOrganisation(
  db: Db,
  hostName: string,
): Promise<{ id: string; origin: string } | null> {
  const [row] = await db
    .select({ id: organisations.id, settings: organisations.settings })
    .from(organisations)
    .where(and(sql`${organisations.settings}->>'portal_domain' = ${hostName}`, isNull(organisations.deletedAt)));
  return row ? { id: row.id, origin: hostedOrigin(row.settings) } : null;
}

/** PUBLIC_BASE_URL's own host (or no host at all) is the main host without a lookup. */
const isMainHostName = (name: string | null) => !name || name === new URL(publicBaseUrl()).hostname;

/** The scope of a request's Host header. */
export async function hostScope(db: Db, hostHeader: string | null): Promise<HostScope> {
  const name = requestHostName(hostHeader);
  if (isMainHostName(name)) return MAIN;
  const organisation = await portalDomainOrganisation(db, name!);
  return organisation ? { kind: 'portal', organisationId: organisation.id, origin: organisation.origin } : MAIN;
}

/** The organisation a portal target belongs to (null: unknown id, or not something a portal domain shows). */
async function targetOrganisation(db: Db, target: Exclude<PortalTarget, { kind: 'asset' }>): Promise<string | null> {
  if (target.kind === 'group') {
    const [row] = await db
      .select({ organisationId: paymentLinkGroups.organisationId })
      .from(paymentLinkGroups)
      .where(eq(paymentLinkGroups.id, target.id));
    return row?.organisationId ?? null;
  }
  if (target.kind === 'payment_link') {
    // Payment links only: an ecommerce session is shown by the embed, which stays on the main host.
    const [row] = await db
      .select({ organisationId: paymentLinks.organisationId })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.id, target.id), eq(paymentLinks.kind, 'payment_link')));
    return row?.organisationId ?? null;
  }
  const [row] = await db
    .select({ organisationId: transactions.organisationId })
    .from(transactions)
    .where(eq(transactions.id, target.id));
  return row?.organisationId ?? null;
}

/** Whether a portal domain of `organisationId` serves `pathname`: a page of its own group, link or payment, or a file those pages load. */
export async function portalDomainServes(db: Db, organisationId: string, pathname: string): Promise<boolean> {
  const target = portalTarget(pathname);
  if (!target) return false;
  if (target.kind === 'asset') return true;
  return (await targetOrganisation(db, target)) === organisationId;
}

export type HostDecision = { scope: HostScope; allowed: boolean };

/** Whether `hostName` is a portal domain some organisation asked for and has not proven (portal-domain-verification.ts). */
async function isUnverifiedPortalDomain(db: Db, hostName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        sql`${organisations.settings}->'portal_domain_pending'->>'domain' = ${hostName}`,
        isNull(organisations.deletedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * proxy.ts's entry: the request's host scope, and whether its path may be served there. A
 * domain still waiting for its ownership check serves nothing at all (not even as the main
 * host), so no page, portal or session is ever tied to a name nobody has proven.
 */
export async function hostDecision(hostHeader: string | null, pathname: string): Promise<HostDecision> {
  if (isMainHostName(requestHostName(hostHeader))) return { scope: MAIN, allowed: true };
  const db = await getDb();
  const scope = await hostScope(db, hostHeader);
  if (scope.kind === 'main')
    return { scope, allowed: !(await isUnverifiedPortalDomain(db, requestHostName(hostHeader)!)) };
  return { scope, allowed: await portalDomainServes(db, scope.organisationId, pathname) };
}
