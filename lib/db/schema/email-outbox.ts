import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn } from './columns';
import { organisations } from './organisations';

/**
 * Email to send, written in the same database transaction as the change that
 * causes it, so an email is never lost nor sent for a change that rolled back.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: idColumn(),
    organisationId: text('organisation_id').references(() => organisations.id),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /**
     * An email that must be queued at most once (a payment's receipt: `receipt:<transaction id>`): the unique
     * index makes a second insert a no-op (ON CONFLICT DO NOTHING) however the two writers race.
     */
    dedupeKey: text('dedupe_key'),
    /**
     * An email queued before it is written: what writes it when the runner reaches it (lib/runner/write-receipts-step.ts),
     * null once subject and bodies hold its words. The runner's grouped collections queue their receipts so: a pass may
     * collect a thousand payments, and rendering each receipt in the settling statement's path cost more than the
     * charge (docs/runner.md). Never claimed for delivery, never listed in the sandbox mailbox, while set.
     */
    renderLater: jsonb('render_later').$type<{ template: 'payment_receipt'; transactionId: string }>(),
    /** queued, sent (over SMTP), delivered_to_mailbox (sandbox without SMTP) or failed. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** After a transient SMTP error: when delivery is tried again (back-off); null means now. */
    nextAttemptAt: timestampColumn('next_attempt_at'),
    claimedAt: timestampColumn('claimed_at'),
    sentAt: timestampColumn('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_status_created_idx').on(t.status, t.createdAt),
    index('email_outbox_created_idx').on(t.createdAt.desc().nullsFirst()),
    uniqueIndex('email_outbox_dedupe_key_uq').on(t.dedupeKey),
  ],
);
