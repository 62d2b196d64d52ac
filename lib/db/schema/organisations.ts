import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampColumn, updatedAt } from './columns';

/** Settings the interface does not show (product.md section 9); grows with later issues. */
export type OrganisationSettings = {
  logo_url?: string | null;
  brand_colour?: string | null;
  /** The custom portal host that serves: set only by a passed ownership check (lib/core/organisations/portal-domain-verification.ts). */
  portal_domain?: string | null;
  /** A portal host asked for and not yet verified: it serves nothing, and reserves nothing. */
  portal_domain_pending?: { domain: string; requested_at: string } | null;
  surcharge?: { enabled: boolean; commercial_rate_bps: number; international_rate_bps: number };
  dcc_enabled?: boolean;
  approval_links_enabled?: boolean;
  allowed_embed_origins?: string[];
  /** Where service alerts go (failed refunds, failed scheduled payments, undeliverable email); unset: the organisation's users. */
  notification_email?: string | null;
  /** The language of the emails to the organisation's staff (alerts, notices, digests): one of the site's 12; unset: en-GB. */
  notification_locale?: string | null;
  /** A refund must be authorised by a user other than the one who requested it (four eyes). */
  refunds_require_second_user?: boolean;
  /** A member the group leader adds in the portal is emailed only once the organisation approved them; unset: on in production, off in the sandbox. */
  leader_members_require_approval?: boolean;
  /** A notice of the organisation's payments (docs/groups.md "Notices to the organisation"): one per payment, a daily digest, or none (unset). */
  merchant_notices?: 'off' | 'each_payment' | 'daily_digest';
  /** A new group's leader is emailed their portal_url; unset: on. The group creation's `send_portal_link` overrides it. */
  send_leader_portal_link?: boolean;
  /** Days before an instalment's due date that its member is reminded (0: no reminder before); unset: 3. */
  member_reminder_days?: number;
  /** The organisation's legal details, printed on every receipt (null or unset: the line is left out). */
  legal_address?: string | null;
  company_number?: string | null;
  vat_number?: string | null;
  atol_number?: string | null;
  /** Its users sign in to the back office with a passkey; an emailed link alone only lets them register one (docs/dashboard-passkeys.md). */
  staff_passkeys_required?: boolean;
};

export const organisations = pgTable(
  'organisations',
  {
    // Organisation identifiers are strings, not UUIDs (docs/service-interface.md).
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    parentId: text('parent_id').references((): AnyPgColumn => organisations.id),
    country: text('country').notNull().default('GB'),
    image: text('image'),
    legacyId: uuid('legacy_id')
      .notNull()
      .$defaultFn(() => randomUUID()),
    currencies: text('currencies').array().notNull().default(['GBX']),
    features: text('features').array().notNull().default([]),
    paymentMethods: text('payment_methods').array().notNull().default(['ONLINE', 'MOTO_OTHER', 'MOTO_IN_PERSON']),
    settings: jsonb('settings').$type<OrganisationSettings>().notNull().default({}),
    deletedAt: timestampColumn('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('organisations_parent_idx').on(t.parentId),
    // A custom portal domain reaches exactly one organisation, even when two settings updates race.
    uniqueIndex('organisations_portal_domain_uq')
      .on(sql`(${t.settings}->>'portal_domain')`)
      .where(sql`${t.settings}->>'portal_domain' is not null`),
  ],
);
