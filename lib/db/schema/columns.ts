import { randomUUID } from 'node:crypto';
import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { now } from '@/lib/clock';

/** Shared column builders: ids, timestamps from the service clock, money in minor units. */
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());

export const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestampColumn('created_at').notNull().$defaultFn(now);
export const updatedAt = () => timestampColumn('updated_at').notNull().$defaultFn(now);

/** Integer minor units (GBX 12345 is GBP 123.45); bigint so that no realistic total overflows. */
export const money = (name: string) => bigint(name, { mode: 'number' });
