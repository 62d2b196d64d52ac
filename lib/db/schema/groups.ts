import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, timestampColumn, updatedAt } from './columns';
import { organisations } from './organisations';
import { bookings } from './bookings';
import { savedCards } from './saved-cards';
import { users } from './users';

/**
 * A group payment link (docs/groups.md): one booking, a leader, members who
 * each owe a share, and an optional schedule. Each member's share is paid
 * through ordinary payment links (payment_links.group_member_id), one per
 * instalment, so the hosted checkout and every payment rule serve groups too.
 */
export const paymentLinkGroups = pgTable(
  'payment_link_groups',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** The organisation user (API key's user) who created the group: alerts go to them and to the leader. */
    userId: uuid('user_id').references(() => users.id),
    name: text('name'),
    leadName: text('lead_name').notNull(),
    leadEmail: text('lead_email').notNull(),
    /**
     * The language the leader last used the portal in (a page or an action: hosted-portal.ts); their emails' language
     * once known, before the organisation's (organisation-locale.ts). Null until they open the portal.
     */
    leadLocale: text('lead_locale'),
    currency: text('currency').notNull().default('GBX'),
    status: text('status').notNull().default('active'),
    membersLocked: boolean('members_locked').notNull().default(false),
    installmentsLocked: boolean('installments_locked').notNull().default(false),
    description: text('description'),
    /** Expiry of every member link (default 30 days after creation). */
    linkExpiresAt: timestampColumn('link_expires_at').notNull(),
    openBankingEnabled: boolean('open_banking_enabled').notNull().default(false),
    cardEnabled: boolean('card_enabled').notNull().default(true),
    /**
     * The leader's portal token (lib/core/groups/portal-token.ts) is of this version; a rotation
     * adds one, so every older token and portal session stops working.
     */
    portalTokenVersion: integer('portal_token_version').notNull().default(1),
    /** The last rotation; the token expires 30 days after the later of this and `link_expires_at`. */
    portalTokenRotatedAt: timestampColumn('portal_token_rotated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_link_groups_booking_created_idx').on(
      t.bookingId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The back office's Groups list (list-organisation-groups.ts): an organisation's groups newest first, a page
    // of 25 read from the index's head rather than every group of the organisation sorted.
    index('payment_link_groups_org_created_idx').on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The dashboard overview's open groups (still collecting) of an organisation.
    index('payment_link_groups_org_open_idx')
      .on(t.organisationId, t.linkExpiresAt)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * The group's schedule as the organiser or leader set it. For members who owe
 * the schedule's sum, these are their instalments; for others, the weights
 * their share is split by (largest remainder).
 */
export const groupInstalments = pgTable(
  'group_instalments',
  {
    id: idColumn(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => paymentLinkGroups.id),
    sequence: integer('sequence').notNull(),
    amount: money('amount').notNull(),
    dueAt: timestampColumn('due_at').notNull(),
    /** A schedule change replaces unpaid instalments; the replaced rows stay for the record. */
    replacedAt: timestampColumn('replaced_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_instalments_live_sequence_uq')
      .on(t.groupId, t.sequence)
      .where(sql`${t.replacedAt} is null`),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    id: idColumn(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => paymentLinkGroups.id),
    /** Order of the member list as supplied, then as added in the portal. */
    position: integer('position').notNull(),
    customerName: text('customer_name').notNull(),
    email: text('email'),
    amount: money('amount').notNull(),
    /** The member stored a card at checkout to have later instalments collected on their due dates. */
    autoCollect: boolean('auto_collect').notNull().default(false),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id),
    removedAt: timestampColumn('removed_at'),
    /** Added by the leader in the portal (not by the organiser): counted by the daily cap, and may need the organisation's approval. */
    addedByLeader: boolean('added_by_leader').notNull().default(false),
    /** When the organisation approved a leader-added member to be emailed (organisation setting `leader_members_require_approval`). */
    approvedAt: timestampColumn('approved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('group_members_group_idx').on(t.groupId, t.position)],
);

/**
 * Alerts the runner sent for a group (due soon, missed, automatic charge
 * failed). The unique key makes each alert once-only, even with two workers:
 * the row and its email are written in one transaction.
 */
export const groupAlerts = pgTable(
  'group_alerts',
  {
    id: idColumn(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => paymentLinkGroups.id),
    memberId: uuid('member_id').references(() => groupMembers.id),
    /** The leader's and creator's alerts, and the member's own reminders (`member_due_soon`, `member_missed`). */
    kind: text('kind').$type<'due_soon' | 'missed' | 'charge_failed' | 'member_due_soon' | 'member_missed'>().notNull(),
    /** What makes the alert one of a kind, e.g. `missed:{payment_link_id}`. */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('group_alerts_dedupe_uq').on(t.dedupeKey), index('group_alerts_group_idx').on(t.groupId)],
);
