import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireOrganisation, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { organisations, type OrganisationSettings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';
import { recordAudit, SERVICE_ACTOR } from '../audit/record-audit';
import { leaderMembersRequireApproval } from '../groups/group-limits';
import { isUniqueViolation } from '../shared/sql-helpers';

const rateBps = z.int().min(0).max(10_000);
const hostname = z.string().trim().toLowerCase().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'must be a host name such as pay.example.com');

export const organisationIdParams = z.object({ organisation_id: z.string().trim().min(1).max(100) });

/** Every field optional: a POST changes only what it names; null clears a value. */
export const updateSettingsSchema = z.object({
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').transform((c) => c.toUpperCase()).optional(),
  logo_url: z.url({ protocol: /^https?$/ }).max(2000).nullable().optional(),
  brand_colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #0b5cad').nullable().optional(),
  portal_domain: hostname.nullable().optional(),
  surcharge: z.object({ enabled: z.boolean().optional(), commercial_rate_bps: rateBps.optional(), international_rate_bps: rateBps.optional() }).optional(),
  dcc_enabled: z.boolean().optional(),
  approval_links_enabled: z.boolean().optional(),
  notification_email: z.email().max(320).nullable().optional(),
  refunds_require_second_user: z.boolean().optional(),
  leader_members_require_approval: z.boolean().optional(),
  allowed_embed_origins: z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin)).max(20).optional(),
});

type Row = typeof organisations.$inferSelect;

const portalDomainTaken = (domain: string) => new AppError('organisation.portal_domain_taken', `${domain} is already the portal domain of another organisation.`);

function serializeSettings(org: Row) {
  const effective = effectivePaymentSettings(org.settings, org.country);
  return {
    organisation: org.id,
    country: org.country,
    logo_url: org.settings.logo_url ?? null,
    brand_colour: org.settings.brand_colour ?? null,
    portal_domain: org.settings.portal_domain ?? null,
    surcharge: effective.surcharge,
    dcc_enabled: effective.dcc_enabled,
    approval_links_enabled: effective.approval_links_enabled,
    allowed_embed_origins: org.settings.allowed_embed_origins ?? [],
    notification_email: org.settings.notification_email ?? null,
    refunds_require_second_user: org.settings.refunds_require_second_user ?? false,
    // Unset: on in production, off in the sandbox (lib/core/groups/group-limits.ts).
    leader_members_require_approval: leaderMembersRequireApproval(org.settings),
  };
}

async function loadOrganisation(db: Db, actor: Actor, organisationId: string): Promise<Row> {
  requireOrganisation(actor, organisationId);
  requireRole(actor, 'organisation:management');
  const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  return org!;
}

/** Extension: GET /api/agent/organisations/{id}/settings, with the product's defaults filled in. */
export async function getOrganisationSettings(db: Db, actor: Actor, organisationId: string) {
  return serializeSettings(await loadOrganisation(db, actor, organisationId));
}

/** Extension: POST /api/agent/organisations/{id}/settings. */
export async function updateOrganisationSettings(db: Db, actor: Actor, organisationId: string, input: z.output<typeof updateSettingsSchema>) {
  await loadOrganisation(db, actor, organisationId);
  return writeOrganisationSettings(db, organisationId, input, actor);
}

/**
 * Changes only the settings named (the API extension and the operator command
 * both end here); a custom portal domain belongs to one organisation only.
 */
export async function writeOrganisationSettings(db: Db, organisationId: string, input: z.output<typeof updateSettingsSchema>, actor: Actor | null) {
  const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!org) throw notFound('Organisation');
  const { country, surcharge, ...rest } = input;
  const settings: OrganisationSettings = { ...org.settings, ...rest };
  if (surcharge) settings.surcharge = { ...effectivePaymentSettings(org.settings, org.country).surcharge, ...surcharge };
  if (input.portal_domain) {
    const [taken] = await db.select({ id: organisations.id }).from(organisations)
      .where(and(ne(organisations.id, organisationId), sql`${organisations.settings}->>'portal_domain' = ${input.portal_domain}`));
    if (taken) throw portalDomainTaken(input.portal_domain);
  }
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx.update(organisations).set({ settings, country: country ?? org.country, updatedAt: now() })
        .where(eq(organisations.id, organisationId)).returning();
      // No API key: the operator command, which acts as the service.
      await recordAudit(tx, actor ?? SERVICE_ACTOR, { organisationId, type: 'organisation:update-settings', entityId: organisationId });
      return serializeSettings(updated!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw portalDomainTaken(input.portal_domain!);
    throw error;
  }
}
