import { and, asc, inArray, or, sql, type SQL } from 'drizzle-orm';
import { auditRecords, chargebacks, processorNotifications, refunds, type transactions } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import { selectAudit } from '../../audit/list-audit';
import { scopeSql } from '../../overview/overview-window';

type TransactionRow = typeof transactions.$inferSelect;

/** Text ids of the payments' refunds (and disputes), for the tables that key by text (audit, webhook events). */
const refundIdsOf = (ids: SQL) => sql`select r.id::text from refunds r where r.transaction_id in ${ids}`;
const chargebackIdsOf = (ids: SQL) => sql`select c.id::text from chargebacks c where c.transaction_id in ${ids}`;

export type WebhookEventRow = {
  id: string;
  type: string;
  resource_id: string;
  created_at: Date | string;
  delivered: number | string;
  failed: number | string;
  queued: number | string;
};

/**
 * Every source of a page of payments' timelines, each one query for the whole page (parallel on a pool):
 * refunds, disputes (when the caller may see them), audit records of the payments and their refunds (as far
 * as `auditVisible` lets the caller read), processor notification items of their PSP references (the payment's
 * own, and its modifications' originalReference), and the webhook events of the payment, its refunds and
 * disputes with how their deliveries stand.
 */
export async function loadTimelineSources(
  db: Executor,
  rows: TransactionRow[],
  opts: { withChargebacks: boolean; auditVisible: SQL | undefined },
) {
  const ids = rows.map((t) => t.id);
  const idList = scopeSql(ids);
  const organisations = [...new Set(rows.map((t) => t.organisationId))];
  const pspReferences = rows.flatMap((t) => (t.providerReference ? [t.providerReference] : []));
  const resourceIds = sql`(e.resource_id in ${idList} or e.resource_id in (${refundIdsOf(idList)})${
    opts.withChargebacks ? sql` or e.resource_id in (${chargebackIdsOf(idList)})` : sql``
  })`;
  const [refundRows, chargebackRows, auditRows, notificationRows, webhookRows] = await Promise.all([
    db.select().from(refunds).where(inArray(refunds.transactionId, ids)).orderBy(asc(refunds.createdAt)),
    opts.withChargebacks
      ? db.select().from(chargebacks).where(inArray(chargebacks.transactionId, ids))
      : Promise.resolve([]),
    selectAudit(db).where(
      and(
        inArray(auditRecords.organisationId, organisations),
        or(inArray(auditRecords.entityId, ids), sql`${auditRecords.entityId} in (${refundIdsOf(idList)})`),
        opts.auditVisible,
      ),
    ),
    pspReferences.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(processorNotifications)
          .where(
            or(
              inArray(processorNotifications.pspReference, pspReferences),
              inArray(processorNotifications.originalReference, pspReferences),
            ),
          ),
    queryRows<WebhookEventRow>(
      db,
      sql`select e.id, e.type, e.resource_id, e.created_at,
        count(d.id) filter (where d.status = 'delivered') as delivered,
        count(d.id) filter (where d.status = 'failed') as failed,
        count(d.id) filter (where d.status = 'queued') as queued
      from webhook_events e left join webhook_deliveries d on d.event_id = e.id
      where e.organisation_id in ${scopeSql(organisations)} and ${resourceIds}
      group by e.id`,
    ),
  ]);
  return { refundRows, chargebackRows, auditRows, notificationRows, webhookRows };
}
