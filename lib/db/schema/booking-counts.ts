import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';

/**
 * Live (not deleted) bookings per organisation, kept by a trigger on bookings
 * (migration 0005) in the same transaction as the change, so it always equals
 * count(*) over the live bookings. The bookings list answers its unfiltered
 * meta.count from here in constant time. Spread over a few shards per
 * organisation (rows picked at random) so concurrent creates rarely wait on
 * one counter row; the count is the sum of the shards.
 */
export const bookingCounts = pgTable(
  'booking_counts',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    shard: smallint('shard').notNull(),
    live: bigint('live', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.shard] })],
);
