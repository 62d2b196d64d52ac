import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, timestampColumn, updatedAt } from './columns';
import { organisations } from './organisations';
import { bookings } from './bookings';
import { customers } from './parties';
import { users } from './users';
import { groupMembers } from './groups';

/** Card and checkout options of a link or ecommerce session, enforced by the server at payment time. */
export type CheckoutOptions = {
  authorisation_only: boolean;
  surcharging_enabled: boolean;
  dcc_enabled: boolean;
  excluded_card_types: ('AMEX' | 'VISA' | 'MASTER')[];
  excluded_card_regions: ('DOMESTIC' | 'INTRA' | 'INTER')[];
  hide_store_card: boolean;
  store_card_forced: boolean;
  /**
   * Ecommerce sessions only: the embed's `method=MOTO_IN_PERSON` flag may take a MOTO payment on this session
   * (docs/api-extensions.md). Absent on rows written before it existed, which is false.
   */
  moto_enabled?: boolean;
  /**
   * Virtual terminal orders only (kind 'terminal', lib/core/terminal): how staff said the card reached them, the
   * transaction's method. Set by the back office when the order is opened, never by a customer's page.
   */
  terminal_method?: 'MOTO_OTHER' | 'MOTO_IN_PERSON';
};

/**
 * Payment links and ecommerce sessions: both are "a checkout for an amount",
 * told apart by `kind`, so one payment path serves both. A third kind, `terminal`, is the back office's
 * virtual terminal order (a card taken by staff over the phone): no customer page, list or API shows it.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    customerId: uuid('customer_id').references(() => customers.id),
    userId: uuid('user_id').references(() => users.id),
    kind: text('kind').$type<'payment_link' | 'ecommerce' | 'terminal'>().notNull().default('payment_link'),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('GBX'),
    description: text('description'),
    typeId: text('type_id').notNull().default('UNKNOWN'),
    openBankingEnabled: boolean('open_banking_enabled').notNull().default(false),
    cardEnabled: boolean('card_enabled').notNull().default(true),
    options: jsonb('options').$type<CheckoutOptions>().notNull(),
    successUrl: text('success_url'),
    failureUrl: text('failure_url'),
    cancelUrl: text('cancel_url'),
    expiresAt: timestampColumn('expires_at').notNull(),
    /** A group member's link (docs/groups.md): which member, which instalment (null: the whole share), and when it falls due. */
    groupMemberId: uuid('group_member_id').references(() => groupMembers.id),
    instalmentSequence: integer('instalment_sequence'),
    dueAt: timestampColumn('due_at'),
    /**
     * Paid by a payment taken on another link of the same member (several
     * instalments paid at once): that transaction's id. Set in the transaction
     * that completes the payment; the link is then paid like one with its own.
     */
    settledByTransactionId: uuid('settled_by_transaction_id'),
    deletedAt: timestampColumn('deleted_at'),
    /** When the runner announced this link's expiry (event payment_link.expired): set once, by the statement that writes the event. */
    expiryAnnouncedAt: timestampColumn('expiry_announced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_links_org_kind_created_idx')
      .on(t.organisationId, t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('payment_links_booking_idx').on(t.bookingId),
    index('payment_links_group_member_idx')
      .on(t.groupMemberId, t.instalmentSequence)
      .where(sql`${t.groupMemberId} is not null`),
    // The runner's group alerts: member links by due date (due soon, missed).
    index('payment_links_group_due_idx')
      .on(t.dueAt)
      .where(sql`${t.groupMemberId} is not null and ${t.deletedAt} is null`),
    // The runner's expiry announcements: links not yet announced, by expiry (a paid link is marked announced when paid).
    index('payment_links_expiry_unannounced_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiryAnnouncedAt} is null and ${t.deletedAt} is null`),
  ],
);
