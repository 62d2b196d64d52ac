import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money } from './columns';

/**
 * The sandbox processor's own ledger: every operation it performed, keyed by
 * idempotency key where one was given, so a retried charge is answered from
 * here instead of charging again. It holds behaviour keys, never card numbers.
 */
export const sandboxProcessorOperations = pgTable(
  'sandbox_processor_operations',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    providerReference: text('provider_reference').notNull(),
    idempotencyKey: text('idempotency_key'),
    amount: money('amount'),
    currency: text('currency'),
    outcome: text('outcome').notNull(),
    /** Which sandbox test card this was (e.g. visa_3ds), for later steps of the same payment. */
    cardProfile: text('card_profile'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_ops_idempotency_uq').on(t.idempotencyKey),
    index('sandbox_ops_reference_idx').on(t.providerReference),
  ],
);
