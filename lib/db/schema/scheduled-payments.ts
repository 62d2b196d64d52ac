import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, timestampColumn, updatedAt } from './columns';
import { organisations } from './organisations';
import { bookings } from './bookings';
import { savedCards } from './saved-cards';
import { paymentLinks } from './payment-links';
import { transactions } from './transactions';
import { users } from './users';

/** A charge of a saved card at a time: QUEUED (or AWAITING_APPROVAL), IN_PROGRESS, then COMPLETE, FAILED or CANCELLED. */
export const scheduledPayments = pgTable(
  'scheduled_payments',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    userId: uuid('user_id').references(() => users.id),
    /** A group member's instalment collected automatically: the charge pays this link (docs/groups.md). */
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id),
    /** What is charged, surcharge included. */
    amount: money('amount').notNull(),
    /** The card surcharge within `amount` (a group member's collection: the same card's surcharge as at checkout; docs/groups.md). */
    surcharge: money('surcharge').notNull().default(0),
    currency: text('currency').notNull().default('GBX'),
    status: text('status').notNull(),
    authorisationOnly: boolean('authorisation_only').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    executeAfter: timestampColumn('execute_after').notNull(),
    /** After a transient failure: when the runner tries again (back-off); null means at `executeAfter`. */
    nextAttemptAt: timestampColumn('next_attempt_at'),
    claimedAt: timestampColumn('claimed_at'),
    completedAt: timestampColumn('completed_at'),
    /**
     * A dated POST /payment/booking/{id}/payment's Idempotency-Key, scoped by the API key
     * (`booking-payment:<api key id>:<key>`, as the immediate charge keys its transaction): a retry finds this row.
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_payments_booking_idx').on(t.bookingId),
    uniqueIndex('scheduled_payments_idempotency_uq').on(t.idempotencyKey),
    // One live automatic collection per instalment link: opting in twice never schedules two charges.
    uniqueIndex('scheduled_payments_one_live_per_link_uq')
      .on(t.paymentLinkId)
      .where(sql`${t.paymentLinkId} is not null and ${t.status} in ('AWAITING_APPROVAL', 'QUEUED', 'IN_PROGRESS')`),
    index('scheduled_payments_org_status_created_idx').on(t.organisationId, t.status, t.createdAt.desc().nullsFirst()),
    // The runner's queue: only QUEUED rows, in due order.
    index('scheduled_payments_due_idx')
      .on(sql`coalesce(${t.nextAttemptAt}, ${t.executeAfter})`)
      .where(sql`${t.status} = 'QUEUED'`),
  ],
);

/** A payment as the approval email listed it: the approval decides exactly these, and only while they are unchanged. */
export type ApprovalPayment = { id: string; amount: number; currency: string; execute_after: string };

/** What the customer decided on an approval page, and the payments it covered as they were then (what the page shows afterwards). */
export type ApprovalDecision = {
  decision: 'approve' | 'decline';
  payments: {
    id: string;
    amount: number;
    currency: string;
    execute_after: string;
    card_brand: string | null;
    card_last_four: string | null;
  }[];
};

/** An emailed link that lets the customer approve or decline a booking's scheduled payments. */
export const approvals = pgTable(
  'approvals',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    email: text('email').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    decidedAt: timestampColumn('decided_at'),
    decision: jsonb('decision').$type<ApprovalDecision>(),
    /**
     * The payments awaiting approval when the link was sent (what the email listed). Approvals sent
     * before this column existed have `[]`: they match nothing, so their page asks for a new link.
     */
    payments: jsonb('payments').$type<ApprovalPayment[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('approvals_booking_idx').on(t.bookingId)],
);
