import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { signingSecret } from '@/lib/auth/signing-secret';
import { now } from '@/lib/clock';
import { organisations } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { recordAudit, SERVICE_ACTOR } from '../audit/record-audit';
import { isUniqueViolation } from '../shared/sql-helpers';
import { resolveTxt } from './dns-txt';

/*
 * Portal domain ownership (docs/groups.md "Portal domains"). Asking for a domain stores it as
 * pending (`settings.portal_domain_pending`); it serves nothing until the organisation publishes
 * the TXT record below and asks for the check. Only then does it become `settings.portal_domain`,
 * the one key the host rule (lib/core/groups/portal-host.ts) and every link read, under the unique
 * index, so a pending claim reserves nothing: whoever proves the name first gets it.
 */

/** The label the record sits under, so it never collides with the domain's own records. */
export const TXT_LABEL = '_travel-pay-verification';

export type TxtRecord = { record_type: 'TXT'; record_name: string; record_value: string };

/** The record that proves `organisationId` holds `domain`: an HMAC of both under the signing secret (stable, nothing stored, useless to another organisation). */
export async function verificationRecord(db: Db, organisationId: string, domain: string): Promise<TxtRecord> {
  const token = createHmac('sha256', await signingSecret(db))
    .update(`portal-domain:${organisationId}:${domain}`)
    .digest('base64url');
  return {
    record_type: 'TXT',
    record_name: `${TXT_LABEL}.${domain}`,
    record_value: `travel-pay-verification=${token}`,
  };
}

const notPending = () =>
  new AppError(
    'organisation.portal_domain_not_pending',
    'No portal domain is waiting for verification; ask for one in the settings first.',
  );
const taken = (domain: string) =>
  new AppError('organisation.portal_domain_taken', `${domain} is already the portal domain of another organisation.`);

async function pendingDomain(db: Db, organisationId: string): Promise<string> {
  const [org] = await db
    .select({ settings: organisations.settings })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!org) throw notFound('Organisation');
  const domain = org.settings.portal_domain_pending?.domain;
  if (!domain) throw notPending();
  return domain;
}

/**
 * The pending domain becomes the active one, in one guarded statement: only while that same domain
 * is still pending (a settings change meanwhile wins), and the unique index refuses a name another
 * organisation has proven first.
 */
async function activate(db: Db, organisationId: string, domain: string, actor: Actor | null): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(organisations)
        .set({
          settings: sql`(${organisations.settings} - 'portal_domain_pending') || jsonb_build_object('portal_domain', ${domain}::text)`,
          updatedAt: now(),
        })
        .where(
          and(
            eq(organisations.id, organisationId),
            sql`${organisations.settings}->'portal_domain_pending'->>'domain' = ${domain}`,
          ),
        )
        .returning({ id: organisations.id });
      if (!row) throw notPending();
      await recordAudit(tx, actor ?? SERVICE_ACTOR, {
        organisationId,
        type: 'organisation:verify-portal-domain',
        entityId: organisationId,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(domain);
    throw error;
  }
}

/** POST .../settings/portal-domain/verify: looks the TXT record up and activates the pending domain when it is there. */
export async function verifyPortalDomain(db: Db, organisationId: string, actor: Actor | null): Promise<void> {
  const domain = await pendingDomain(db, organisationId);
  const expected = await verificationRecord(db, organisationId, domain);
  let found: string[];
  try {
    found = await resolveTxt(expected.record_name);
  } catch (error) {
    throw new AppError(
      'organisation.portal_domain_unverified',
      `DNS did not answer for ${expected.record_name} (${(error as NodeJS.ErrnoException).code ?? 'error'}); try again later.`,
    );
  }
  if (!found.includes(expected.record_value)) {
    throw new AppError(
      'organisation.portal_domain_unverified',
      `No TXT record "${expected.record_value}" at ${expected.record_name} yet (DNS may take a while to show a new record).`,
    );
  }
  await activate(db, organisationId, domain, actor);
}

/** The sandbox's stand-in for the DNS check (POST /api/sandbox/organisations/{id}/portal-domain/verify): activates the pending domain as if the record were there. */
export async function sandboxVerifyPortalDomain(db: Db, organisationId: string, actor: Actor | null): Promise<void> {
  await activate(db, organisationId, await pendingDomain(db, organisationId), actor);
}
