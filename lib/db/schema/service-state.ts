import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Small facts the service keeps about itself: the token signing secret, whether sandbox data was loaded. */
export const serviceState = pgTable('service_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
