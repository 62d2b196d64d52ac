import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns';
import { organisations } from './organisations';

/**
 * One row per card check the hosted page asked for (hostedCardCheck): in production each is
 * an Adyen /cardDetails call, which costs money. The card-testing limits count them in the
 * same window as failed payments (lib/core/payments/card-testing.ts). No card number here:
 * the BIN and last four only, as on a transaction.
 */
export const cardChecks = pgTable(
  'card_checks',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    paymentLinkId: uuid('payment_link_id'),
    bookingId: uuid('booking_id'),
    groupId: uuid('group_id'),
    ipAddress: text('ip_address'),
    cardBin: text('card_bin'),
    cardLastFour: text('card_last_four'),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_checks_org_created_idx').on(t.organisationId, t.createdAt),
    index('card_checks_link_created_idx').on(t.paymentLinkId, t.createdAt),
    index('card_checks_ip_created_idx')
      .on(t.ipAddress, t.createdAt)
      .where(sql`${t.ipAddress} is not null`),
  ],
);
