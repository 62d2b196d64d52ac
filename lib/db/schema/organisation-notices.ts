import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns';
import { organisations } from './organisations';

/**
 * The claims of the organisation's own notices (docs/groups.md "Notices to the organisation"): one row per
 * notice sent, under a unique key, inserted in the transaction that queues its email. `payment:{transaction_id}`
 * for the notice of one payment, `digest:{YYYY-MM-DD}:{organisation_id}` for one day's digest: two runners
 * racing insert the same key and only one of them gets the row back, so each is sent exactly once.
 */
export const organisationNotices = pgTable(
  'organisation_notices',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind').$type<'payment' | 'digest'>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organisation_notices_dedupe_uq').on(t.dedupeKey),
    index('organisation_notices_org_idx').on(t.organisationId),
  ],
);
