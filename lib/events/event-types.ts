/**
 * Every event type a merchant's webhook endpoint can subscribe to
 * (docs/webhooks.md "Events"). One place lists them: endpoint validation,
 * the docs test and the emitters all read this list.
 */
export const eventTypes = [
  'transaction.completed',
  'transaction.pending',
  'transaction.declined',
  'transaction.reversed',
  'refund.completed',
  'refund.declined',
  'payment_link.paid',
  'payment_link.expired',
  'scheduled_payment.completed',
  'scheduled_payment.failed',
  'approval.decided',
  'chargeback.opened',
  'chargeback.updated',
  'payment_link_group.member_paid',
  'payment_link_group.member_overdue',
  'payment_link_group.collection_failed',
  /** Sent only by the test-event operation, to the one endpoint it names. */
  'webhook.test',
] as const;

export type EventType = (typeof eventTypes)[number];
