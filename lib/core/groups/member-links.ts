import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CheckoutOptions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

/** Member links take the payment link defaults: no card option is narrowed for a group. */
export const GROUP_LINK_OPTIONS: CheckoutOptions = {
  authorisation_only: false,
  surcharging_enabled: true,
  dcc_enabled: false,
  excluded_card_types: [],
  excluded_card_regions: [],
  hide_store_card: false,
  store_card_forced: false,
};

/** What every link of a group shares (from the group row). */
export type GroupLinkContext = {
  organisationId: string;
  bookingId: string;
  userId: string | null;
  leadEmail: string;
  currency: string;
  description: string | null;
  openBankingEnabled: boolean;
  cardEnabled: boolean;
  linkExpiresAt: Date;
};

export type MemberForLinks = { id: string; customerName: string; email: string | null };
export type LinkInstalment = { sequence: number | null; amount: number; dueAt: Date | null };

/**
 * The payment link rows of one member: one per instalment (sequence null: the
 * whole share). Ids are made here so callers know them without relying on the
 * order of RETURNING. A member without an email gets links addressed to the
 * leader (docs/groups.md "Link email").
 */
export function memberLinkRows(group: GroupLinkContext, member: MemberForLinks, instalments: readonly LinkInstalment[], at: Date) {
  return instalments.map((instalment) => ({
    id: randomUUID(),
    organisationId: group.organisationId,
    kind: 'payment_link' as const,
    bookingId: group.bookingId,
    userId: group.userId,
    customerName: member.customerName,
    email: member.email ?? group.leadEmail,
    amount: instalment.amount,
    currency: group.currency,
    description: group.description,
    typeId: 'UNKNOWN',
    openBankingEnabled: group.openBankingEnabled,
    cardEnabled: group.cardEnabled,
    options: GROUP_LINK_OPTIONS,
    expiresAt: group.linkExpiresAt,
    groupMemberId: member.id,
    instalmentSequence: instalment.sequence,
    dueAt: instalment.dueAt,
    createdAt: at,
    updatedAt: at,
  }));
}

export type LinkRow = ReturnType<typeof memberLinkRows>[number];

/**
 * Inserts links in one statement whatever their number: the rows travel as one
 * JSON parameter and `json_to_recordset` unpacks them in the database. (A
 * multi-row VALUES of 2 400 links × 20 columns is 48 000 parameters that the
 * query builder and the driver each walk; this is one.)
 */
export async function insertLinks(tx: Executor, rows: readonly LinkRow[]): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(rows.map((row) => ({
    id: row.id, organisation_id: row.organisationId, kind: row.kind, booking_id: row.bookingId, user_id: row.userId,
    customer_name: row.customerName, email: row.email, amount: row.amount, currency: row.currency, description: row.description,
    type_id: row.typeId, open_banking_enabled: row.openBankingEnabled, card_enabled: row.cardEnabled, options: row.options,
    expires_at: row.expiresAt.toISOString(), group_member_id: row.groupMemberId, instalment_sequence: row.instalmentSequence,
    due_at: row.dueAt?.toISOString() ?? null, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  })));
  await tx.execute(sql`
    insert into payment_links (id, organisation_id, kind, booking_id, user_id, customer_name, email, amount, currency, description,
      type_id, open_banking_enabled, card_enabled, options, expires_at, group_member_id, instalment_sequence, due_at, created_at, updated_at)
    select id, organisation_id, kind, booking_id, user_id, customer_name, email, amount, currency, description,
      type_id, open_banking_enabled, card_enabled, options, expires_at, group_member_id, instalment_sequence, due_at, created_at, updated_at
    from json_to_recordset(${payload}::json) as x(id uuid, organisation_id text, kind text, booking_id uuid, user_id uuid,
      customer_name text, email text, amount bigint, currency text, description text, type_id text, open_banking_enabled boolean,
      card_enabled boolean, options jsonb, expires_at timestamptz, group_member_id uuid, instalment_sequence integer, due_at timestamptz,
      created_at timestamptz, updated_at timestamptz)`);
}
