import { eq } from 'drizzle-orm';
import { loadApprovalResource } from '@/lib/core/approvals/approval-resource';
import { chargebackJson } from '@/lib/core/chargebacks/chargeback-query';
import { loadGroup } from '@/lib/core/groups/get-group';
import { loadPaymentLinkResources } from '@/lib/core/payment-links/payment-link-resources';
import { serializeRefund } from '@/lib/core/refunds/serialize-refund';
import { loadScheduledPaymentResource } from '@/lib/core/scheduled-payments/scheduled-payment-resource';
import { isUuid } from '@/lib/core/shared/is-uuid';
import { loadTransactionResource } from '@/lib/core/transactions/get-transaction';
import { serializeEndpoint } from '@/lib/core/webhooks/serialize';
import { chargebacks, refunds, webhookEndpoints } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { EventType } from './event-types';

type Loader = (db: Db, id: string) => Promise<object | null>;

const transaction: Loader = (db, id) => loadTransactionResource(db, id);
const refund: Loader = async (db, id) => {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row ? serializeRefund(row) : null;
};
const paymentLink: Loader = async (db, id) => (await loadPaymentLinkResources(db, [id])).get(id) ?? null;
const group: Loader = (db, id) => loadGroup(db, id);
const chargeback: Loader = (db, id) => chargebackJson(db, eq(chargebacks.id, id));
const endpoint: Loader = async (db, id) => {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? serializeEndpoint(row) : null;
};

/**
 * THE place that says what an event's `data` is: for each type, the resource
 * its `resource_id` names, as the API shows it (the GET of that resource, or
 * its list's item where the interface has no GET). Used by everything that
 * renders an event (render-events.ts: the delivery worker, the delivery log).
 */
export const eventResourceLoaders: Record<EventType, Loader> = {
  'transaction.completed': transaction,
  'transaction.pending': transaction,
  'transaction.declined': transaction,
  'transaction.reversed': transaction,
  'refund.completed': refund,
  'refund.declined': refund,
  'payment_link.paid': paymentLink,
  'payment_link.expired': paymentLink,
  'scheduled_payment.completed': (db, id) => loadScheduledPaymentResource(db, id),
  'scheduled_payment.failed': (db, id) => loadScheduledPaymentResource(db, id),
  'approval.decided': (db, id) => loadApprovalResource(db, id),
  'chargeback.opened': chargeback,
  'chargeback.updated': chargeback,
  'payment_link_group.member_paid': group,
  'payment_link_group.member_overdue': group,
  'payment_link_group.collection_failed': group,
  // The endpoint, without its secret (serializeEndpoint never shows it).
  'webhook.test': endpoint,
};

/**
 * The data of one event, now. A resource that can no longer be read (a payment
 * link or endpoint deleted since, an id that names nothing) is rendered as
 * `{ id, deleted: true }`: the event still says what happened; the resource is
 * gone (docs/webhooks.md "Events").
 */
export async function loadEventData(db: Db, type: string, resourceId: string): Promise<Record<string, unknown>> {
  const loader = eventResourceLoaders[type as EventType];
  if (!loader) throw new Error(`event data: unknown event type ${type}`);
  const resource = isUuid(resourceId) ? await loader(db, resourceId) : null;
  return (resource as Record<string, unknown> | null) ?? { id: resourceId, deleted: true };
}
