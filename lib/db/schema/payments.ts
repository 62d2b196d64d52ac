import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, timestampColumn, updatedAt } from './columns';
import { organisations } from './organisations';
import { bookings } from './bookings';
import { customers } from './parties';
import { users } from './users';

/**
 * Money movements. Only the columns that bookings read are used so far; the
 * payment-link, transaction and scheduled-payment operations build on them.
 * Card number data never lands here: brand, last four, BIN and holder only.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: idColumn(),
    organisationId: text('organisation_id').notNull().references(() => organisations.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    customerId: uuid('customer_id').references(() => customers.id),
    userId: uuid('user_id').references(() => users.id),
    kind: text('kind').notNull().default('payment_link'),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('GBX'),
    description: text('description'),
    typeId: text('type_id').notNull().default('UNKNOWN'),
    openBankingEnabled: boolean('open_banking_enabled').notNull().default(false),
    cardEnabled: boolean('card_enabled').notNull().default(true),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    successUrl: text('success_url'),
    failureUrl: text('failure_url'),
    cancelUrl: text('cancel_url'),
    expiresAt: timestampColumn('expires_at').notNull(),
    deletedAt: timestampColumn('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_links_org_created_idx').on(t.organisationId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('payment_links_booking_idx').on(t.bookingId),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: idColumn(),
    organisationId: text('organisation_id').notNull().references(() => organisations.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('GBX'),
    status: text('status').notNull(),
    method: text('method').notNull().default('ONLINE'),
    type: text('type').notNull().default('CARD'),
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    cardType: text('card_type'),
    cardholderName: text('cardholder_name'),
    issuingCountry: text('issuing_country'),
    binType: text('bin_type'),
    surcharge: money('surcharge').notNull().default(0),
    ipAddress: text('ip_address'),
    fingerprint: text('fingerprint'),
    providerReference: text('provider_reference'),
    aiAnalysed: boolean('ai_analysed').notNull().default(false),
    completedAt: timestampColumn('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('transactions_org_created_idx').on(t.organisationId, t.createdAt.desc(), t.id.desc()),
    index('transactions_booking_idx').on(t.bookingId),
  ],
);

export const scheduledPayments = pgTable(
  'scheduled_payments',
  {
    id: idColumn(),
    organisationId: text('organisation_id').notNull().references(() => organisations.id),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('GBX'),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    executeAfter: timestampColumn('execute_after').notNull(),
    completedAt: timestampColumn('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('scheduled_payments_booking_idx').on(t.bookingId), index('scheduled_payments_due_idx').on(t.status, t.executeAfter)],
);
