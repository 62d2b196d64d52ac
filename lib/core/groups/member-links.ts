import { randomUUID } from 'node:crypto';
import { paymentLinks, type CheckoutOptions } from '@/lib/db/schema';
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

/** Rows per INSERT: 1 000 links of ~20 columns stay under PostgreSQL's 65 535 parameters. */
const CHUNK = 1000;

/** Inserts links in few statements (a 200 × 12 group is 3 round trips, not 2 400). */
export async function insertLinks(tx: Executor, rows: readonly LinkRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(paymentLinks).values(rows.slice(i, i + CHUNK));
}
