import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireOrganisation, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { publicBaseUrl, serviceMode } from '@/lib/config';
import { organisations, type OrganisationSettings } from '@/lib/db/schema';
import { organisationLocale } from '@/lib/email/organisation-locale';
import { routing } from '@/lib/i18n/routing';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';
import { recordAudit, SERVICE_ACTOR } from '../audit/record-audit';
import { portalDomainProblem } from './portal-domain-rules';
import { sandboxVerifyPortalDomain, verificationRecord, verifyPortalDomain } from './portal-domain-verification';
import { leaderMembersRequireApproval } from '../groups/group-limits';
import { publicUrl } from '../shared/public-url';
import { MAX_REMINDER_DAYS, MERCHANT_NOTICE_MODES, noticeSettings } from '../notices/notice-settings';

const rateBps = z.int().min(0).max(10_000);
/** A portal domain asked for: checked against the mode and PUBLIC_BASE_URL of the moment (portal-domain-rules.ts). */
const portalDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .superRefine((name, ctx) => {
    const problem = portalDomainProblem(name, serviceMode(), publicBaseUrl());
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A legal detail: trimmed, at most `max` characters, null (or empty) clears it. */
const legalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => text || null)
    .nullable()
    .optional();

export const organisationIdParams = z.object({ organisation_id: z.string().trim().min(1).max(100) });

/** Every field optional: a POST changes only what it names; null clears a value. */
export const updateSettingsSchema = z.object({
  /** The organisation's name, as its pages, emails and receipts show it (the back office's settings change it). */
  name: z.string().trim().min(1).max(200).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')
    .transform((c) => c.toUpperCase())
    .optional(),
  logo_url: publicUrl().nullable().optional(),
  brand_colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #0b5cad')
    .nullable()
    .optional(),
  portal_domain: portalDomain.nullable().optional(),
  surcharge: z
    .object({
      enabled: z.boolean().optional(),
      commercial_rate_bps: rateBps.optional(),
      international_rate_bps: rateBps.optional(),
    })
    .optional(),
  dcc_enabled: z.boolean().optional(),
  approval_links_enabled: z.boolean().optional(),
  notification_email: z.email().max(320).nullable().optional(),
  // The language of the emails to the organisation's staff (lib/email/organisation-locale.ts); null: en-GB.
  notification_locale: z.enum(routing.locales).nullable().optional(),
  refunds_require_second_user: z.boolean().optional(),
  leader_members_require_approval: z.boolean().optional(),
  merchant_notices: z.enum(MERCHANT_NOTICE_MODES).optional(),
  send_leader_portal_link: z.boolean().optional(),
  member_reminder_days: z.int().min(0).max(MAX_REMINDER_DAYS).optional(),
  // Printed on receipts as given (the address may have several lines); an empty value clears it.
  legal_address: legalText(500),
  company_number: legalText(40),
  vat_number: legalText(40),
  atol_number: legalText(40),
  allowed_embed_origins: z
    .array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin))
    .max(20)
    .optional(),
});

type Row = typeof organisations.$inferSelect;

const portalDomainTaken = (domain: string) =>
  new AppError('organisation.portal_domain_taken', `${domain} is already the portal domain of another organisation.`);

/**
 * The answer. `portal_domain` is the domain last asked for; while its DNS check has not passed,
 * `portal_domain_status` is `pending` and `portal_domain_verification` names the TXT record to
 * publish, and `portal_domain_active` the one that serves meanwhile (the earlier domain, or null).
 */
async function serializeSettings(db: Db, org: Row) {
  const effective = effectivePaymentSettings(org.settings, org.country);
  const active = org.settings.portal_domain ?? null;
  const pending = org.settings.portal_domain_pending?.domain ?? null;
  return {
    organisation: org.id,
    name: org.name,
    country: org.country,
    logo_url: org.settings.logo_url ?? null,
    brand_colour: org.settings.brand_colour ?? null,
    portal_domain: pending ?? active,
    portal_domain_status: pending ? 'pending' : active ? 'active' : null,
    portal_domain_active: active,
    portal_domain_verification: pending ? await verificationRecord(db, org.id, pending) : null,
    surcharge: effective.surcharge,
    dcc_enabled: effective.dcc_enabled,
    approval_links_enabled: effective.approval_links_enabled,
    allowed_embed_origins: org.settings.allowed_embed_origins ?? [],
    notification_email: org.settings.notification_email ?? null,
    notification_locale: organisationLocale(org.settings),
    refunds_require_second_user: org.settings.refunds_require_second_user ?? false,
    // Unset: on in production, off in the sandbox (lib/core/groups/group-limits.ts).
    leader_members_require_approval: leaderMembersRequireApproval(org.settings),
    ...noticeSettings(org.settings),
    legal_address: org.settings.legal_address ?? null,
    company_number: org.settings.company_number ?? null,
    vat_number: org.settings.vat_number ?? null,
    atol_number: org.settings.atol_number ?? null,
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
  return serializeSettings(db, await loadOrganisation(db, actor, organisationId));
}

/** Extension: POST /api/agent/organisations/{id}/settings. */
export async function updateOrganisationSettings(
  db: Db,
  actor: Actor,
  organisationId: string,
  input: z.output<typeof updateSettingsSchema>,
) {
  await loadOrganisation(db, actor, organisationId);
  return writeOrganisationSettings(db, organisationId, input, actor);
}

/**
 * Extension: POST .../settings/portal-domain/verify (`dns`), and the sandbox's stand-in
 * POST /api/sandbox/organisations/{id}/portal-domain/verify (`sandbox`, which skips the lookup).
 * Answers the settings, the domain active when the check passed.
 */
export async function verifyOrganisationPortalDomain(
  db: Db,
  actor: Actor,
  organisationId: string,
  check: 'dns' | 'sandbox',
) {
  await loadOrganisation(db, actor, organisationId);
  await (check === 'dns' ? verifyPortalDomain : sandboxVerifyPortalDomain)(db, organisationId, actor);
  return getOrganisationSettings(db, actor, organisationId);
}

/**
 * Changes only the settings named (the API extension and the operator command
 * both end here). A new portal domain waits for its ownership check
 * (portal-domain-verification.ts); the current one serves until then. Null
 * clears both. A domain another organisation has proven is refused at once.
 */
export async function writeOrganisationSettings(
  db: Db,
  organisationId: string,
  input: z.output<typeof updateSettingsSchema>,
  actor: Actor | null,
) {
  // The settings are one JSON value written whole: the row lock keeps a verification (or another write) from being undone by a stale copy.
  const updated = await db.transaction(async (tx) => {
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('update');
    if (!org) throw notFound('Organisation');
    const { name, country, surcharge, portal_domain: domain, ...rest } = input;
    const settings: OrganisationSettings = { ...org.settings, ...rest };
    if (surcharge)
      settings.surcharge = { ...effectivePaymentSettings(org.settings, org.country).surcharge, ...surcharge };
    if (domain === null) Object.assign(settings, { portal_domain: null, portal_domain_pending: null });
    else if (domain !== undefined && domain === org.settings.portal_domain) settings.portal_domain_pending = null;
    else if (domain !== undefined) {
      const [taken] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(and(ne(organisations.id, organisationId), sql`${organisations.settings}->>'portal_domain' = ${domain}`));
      if (taken) throw portalDomainTaken(domain);
      // Asking again for the same pending domain keeps its request time (its record is the same anyway).
      const same = org.settings.portal_domain_pending?.domain === domain;
      settings.portal_domain_pending = same
        ? org.settings.portal_domain_pending!
        : { domain, requested_at: now().toISOString() };
    }
    // The active domain is only kept or cleared here, never set (verification does that), so the unique index has nothing to refuse.
    const [row] = await tx
      .update(organisations)
      .set({ settings, name: name ?? org.name, country: country ?? org.country, updatedAt: now() })
      .where(eq(organisations.id, organisationId))
      .returning();
    // No API key: the operator command, which acts as the service.
    await recordAudit(tx, actor ?? SERVICE_ACTOR, {
      organisationId,
      type: 'organisation:update-settings',
      entityId: organisationId,
    });
    return row!;
  });
  return serializeSettings(db, updated);
}
