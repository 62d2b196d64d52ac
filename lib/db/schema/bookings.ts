import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, timestampColumn, updatedAt } from './columns';
import { organisations } from './organisations';
import { customers, suppliers } from './parties';
import { users } from './users';

export const bookings = pgTable(
  'bookings',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    customerId: uuid('customer_id').references(() => customers.id),
    bookingReference: text('booking_reference').notNull(),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    currency: text('currency').notNull().default('GBX'),
    grossAmount: money('gross_amount'),
    departureDate: date('departure_date', { mode: 'string' }),
    returnDate: date('return_date', { mode: 'string' }),
    packageType: text('package_type'),
    atolReceiptNumber: text('atol_receipt_number'),
    isTemporary: boolean('is_temporary').notNull().default(false),
    deletedAt: timestampColumn('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A reference is unique within an organisation among live bookings, compared case-insensitively.
    uniqueIndex('bookings_org_reference_uq')
      .on(t.organisationId, sql`lower(${t.bookingReference})`)
      .where(sql`${t.deletedAt} is null`),
    // Newest-first listing stays an index walk however many bookings an organisation has.
    index('bookings_org_created_idx')
      .on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('bookings_org_departure_idx')
      .on(t.organisationId, t.departureDate)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const bookingComponents = pgTable(
  'booking_components',
  {
    id: idColumn(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    supplierId: uuid('supplier_id').references(() => suppliers.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('GBX'),
    bookingReference: text('booking_reference'),
    destinationAir: text('destination_air'),
    type: text('type'),
    createdAt: createdAt(),
  },
  (t) => [index('booking_components_booking_idx').on(t.bookingId)],
);
