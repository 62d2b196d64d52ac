import { index, pgTable, text, uuid, integer } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn } from './columns';
import { organisations } from './organisations';
import { bookings } from './bookings';

/**
 * A card the customer chose to save on a booking. Only the processor's token
 * and what a person may see (brand, BIN, last four, expiry, holder) are kept.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    processorToken: text('processor_token').notNull(),
    cardholderName: text('cardholder_name'),
    bin: text('bin').notNull(),
    cardBrand: text('card_brand').notNull(),
    lastFour: text('last_four').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    issuingCountry: text('issuing_country'),
    funding: text('funding'),
    cardClass: text('card_class'),
    createdAt: createdAt(),
    deletedAt: timestampColumn('deleted_at'),
  },
  (t) => [index('saved_cards_booking_idx').on(t.bookingId)],
);
