import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, timestampColumn, updatedAt } from './columns';
import { organisations } from './organisations';
import { bookings } from './bookings';
import { transactions } from './transactions';
import { users } from './users';

export const refunds = pgTable(
  'refunds',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    userId: uuid('user_id').references(() => users.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    authorizationCode: text('authorization_code').notNull().unique(),
    providerReference: text('provider_reference'),
    /** The user who authorised the refund (may be required to differ from the requester, `userId`). */
    authorisedByUserId: uuid('authorised_by_user_id').references(() => users.id),
    /** What is sent to the processor: in the currency the payment was authorised in (DCC converts). */
    processorAmount: money('processor_amount'),
    processorCurrency: text('processor_currency'),
    /** Sending attempts; transient processor errors retry at `nextAttemptAt` with back-off, then FAILED. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampColumn('next_attempt_at'),
    failureReason: text('failure_reason'),
    /**
     * When the processor received the refund (Adyen answers `received`): it stays AUTHORISED, is not sent again, and
     * becomes COMPLETE or FAILED on the processor's REFUND or REFUND_FAILED notification.
     */
    sentAt: timestampColumn('sent_at'),
    completedAt: timestampColumn('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('refunds_transaction_idx').on(t.transactionId),
    // The dashboard overview's refunds awaiting authorisation, oldest first.
    index('refunds_org_awaiting_idx')
      .on(t.organisationId, t.createdAt)
      .where(sql`${t.status} = 'PENDING_AUTHORISATION'`),
    // Processor notifications find their refund by PSP reference (lib/core/processor-notifications/find-target.ts).
    index('refunds_provider_reference_idx')
      .on(t.providerReference)
      .where(sql`${t.providerReference} is not null`),
  ],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: idColumn(),
    shortId: text('short_id').notNull().unique(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    bookingCreatedFromId: uuid('booking_created_from_id').references(() => bookings.id),
    bookingAppliedToId: uuid('booking_applied_to_id').references(() => bookings.id),
    userId: uuid('user_id').references(() => users.id),
    customerName: text('customer_name').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_notes_org_created_idx').on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('credit_notes_from_idx').on(t.bookingCreatedFromId),
    // A booking's detail lists the notes applied to it too.
    index('credit_notes_to_idx')
      .on(t.bookingAppliedToId)
      .where(sql`${t.bookingAppliedToId} is not null`),
  ],
);
