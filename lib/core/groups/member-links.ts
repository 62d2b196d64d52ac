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
export function memberLinkRows(
  group: GroupLinkContext,
  member: MemberForLinks,
  instalments: readonly LinkInstalment[],
  at: Date,
) {
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
 * Inserts links in one statement whatever their number. What differs per link
 * (id, member, name, email, amount, instalment, due date) travels as one JSON
 * parameter unpacked by `json_to_recordset`; what the group's links share (one
 * call's rows always come from one group) is bound once. A multi-row VALUES of
 * 2 400 links × 20 columns would be 48 000 parameters that the query builder,
 * the driver and the server each walk.
 */
export async function insertLinks(tx: Executor, rows: readonly LinkRow[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const payload = JSON.stringify(
    rows.map((row) => ({
      i: row.id,
      m: row.groupMemberId,
      n: row.customerName,
      e: row.email,
      a: row.amount,
      s: row.instalmentSequence,
      d: row.dueAt?.toISOString() ?? null,
    })),
  );
  await tx.execute(sql`
    insert into payment_links (id, group_member_id, customer_name, email, amount, instalment_sequence, due_at,
      organisation_id, kind, booking_id, user_id, currency, description, type_id, open_banking_enabled, card_enabled, options,
      expires_at, created_at, updated_at)
    select x.i, x.m, x.n, x.e, x.a, x.s, x.d,
      ${first.organisationId}, ${first.kind}, ${first.bookingId}::uuid, ${first.userId}::uuid, ${first.currency}, ${first.description},
      ${first.typeId}, ${first.openBankingEnabled}, ${first.cardEnabled}, ${JSON.stringify(first.options)}::jsonb,
      ${first.expiresAt.toISOString()}::timestamptz, ${first.createdAt.toISOString()}::timestamptz, ${first.updatedAt.toISOString()}::timestamptz
    from json_to_recordset(${payload}::json) as x(i uuid, m uuid, n text, e text, a bigint, s integer, d timestamptz)`);
}
