import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, timestampColumn, updatedAt } from './columns';
import { organisations } from './organisations';
import { transactions } from './transactions';
import { users } from './users';

/*
 * Events in and out (docs/webhooks.md, docs/processor-notifications.md).
 *
 * In: every notification item the processor sends (Adyen standard
 * notifications, or the sandbox processor's items of the same shape) is stored
 * once per (psp_reference, event_code, success) and applied once.
 *
 * Out: a change that merchants hear about writes one `webhook_events` row and
 * one `webhook_deliveries` row per subscribed, enabled endpoint, in the same
 * database transaction as the change (the outbox). The runner delivers them.
 */

/** One processor notification item, as received: the unit of exactly-once application. */
export const processorNotifications = pgTable(
  'processor_notifications',
  {
    id: idColumn(),
    /** 'adyen' or 'sandbox' (the sandbox processor's items take the same path). */
    processor: text('processor').notNull(),
    eventCode: text('event_code').notNull(),
    success: boolean('success').notNull(),
    pspReference: text('psp_reference').notNull(),
    /** The payment a modification or chargeback belongs to (Adyen's originalReference). */
    originalReference: text('original_reference'),
    /** Our reference sent with the payment or modification (merchantReference). */
    merchantReference: text('merchant_reference'),
    amount: money('amount'),
    currency: text('currency'),
    reason: text('reason'),
    eventDate: timestampColumn('event_date'),
    /** The whole NotificationRequestItem as received, for audit and replay. */
    item: jsonb('item').$type<Record<string, unknown>>().notNull(),
    /** received → applying (claimed) → applied | ignored (nothing of ours matches, or already in that state) | failed (left for a retry). */
    status: text('status').notNull().default('received'),
    /** What applying it did or why it was ignored, in a few words. */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    appliedAt: timestampColumn('applied_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // Adyen repeats a notification until it is accepted: the repeat is this same row.
    uniqueIndex('processor_notifications_once_uq').on(t.processor, t.pspReference, t.eventCode, t.success),
    index('processor_notifications_status_idx').on(t.status, t.createdAt),
    // A payment's timeline: the items of its PSP reference and of its modifications (originalReference).
    index('processor_notifications_psp_idx').on(t.pspReference),
    index('processor_notifications_original_idx')
      .on(t.originalReference)
      .where(sql`${t.originalReference} is not null`),
  ],
);

/** The interface's Chargeback record (service-interface.md "Chargeback"), moved by processor notifications. */
export const chargebacks = pgTable(
  'chargebacks',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** The processor's reference of the dispute (Adyen: the chargeback notification's pspReference). */
    providerReference: text('provider_reference').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason'),
    /** NOTIFIED (notice of a dispute), CHARGED_BACK (money taken back), REVERSED (won back): docs/processor-notifications.md. */
    status: text('status').notNull(),
    receivedDate: timestampColumn('received_date').notNull(),
    dueDate: timestampColumn('due_date'),
    postingDate: timestampColumn('posting_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chargebacks_transaction_reference_uq').on(t.transactionId, t.providerReference),
    index('chargebacks_org_created_idx').on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** A merchant's webhook endpoint: where events are POSTed, signed with its secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    url: text('url').notNull(),
    /** Event types it receives (lib/events/event-types.ts); never empty. */
    eventTypes: text('event_types').array().notNull(),
    /** The signing secret (shown to the merchant on create and rotate): X-Signature = hex HMAC-SHA256(body, secret). */
    secret: text('secret').notNull(),
    /** After a rotation, the old secret also signs (X-Signature-Previous) until this time, so receivers can switch. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestampColumn('previous_secret_expires_at'),
    description: text('description'),
    /** enabled or disabled (by the merchant, or after failing for 3 days: disabledReason). */
    status: text('status').notNull().default('enabled'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestampColumn('disabled_at'),
    /** The first failed attempt since the last success: failing for 3 days disables the endpoint. */
    failingSince: timestampColumn('failing_since'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    deletedAt: timestampColumn('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_endpoints_org_idx')
      .on(t.organisationId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Something that happened, as merchants see it: id, type, created time and the resource as the API returns it (rendered later). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    type: text('type').notNull(),
    /** The resource's id (transaction, refund, payment link, ...), for lookups and tests. */
    resourceId: text('resource_id').notNull(),
    /**
     * The resource as the API shows it when the event is first rendered (its
     * first delivery attempt, or a read of the delivery log): null until then.
     * The change writes only the stub (docs/webhooks.md "Outbox"); set once.
     */
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_events_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst()),
    index('webhook_events_resource_idx').on(t.resourceId, t.type),
  ],
);

/**
 * The outbox: one event to one endpoint, one attempt series. Claimed like
 * email_outbox (SKIP LOCKED, a lease in database time), retried with
 * exponential back-off for 3 days. A replay is a new row for the same event.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    /** queued → delivered | failed (gave up after 3 days, or the endpoint was disabled or deleted). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampColumn('next_attempt_at'),
    claimedAt: timestampColumn('claimed_at'),
    /** The delivery this one replays (operation "replay"), null for the first series. */
    replayOf: uuid('replay_of'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestampColumn('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt.desc().nullsFirst()),
    // The first series of an event to an endpoint is written once, whatever retries the writer makes.
    uniqueIndex('webhook_deliveries_first_series_uq')
      .on(t.eventId, t.endpointId)
      .where(sql`${t.replayOf} is null`),
  ],
);

/** Every HTTP attempt of a delivery: the endpoint's delivery log. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: idColumn(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    attempt: integer('attempt').notNull(),
    /** The receiver's HTTP status; null when no answer (refused address, timeout, connection error). */
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_delivery_attempts_once_uq').on(t.deliveryId, t.attempt),
    index('webhook_delivery_attempts_endpoint_idx').on(t.endpointId, t.createdAt.desc().nullsFirst()),
  ],
);
