import type { SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { hasRole } from '@/lib/auth/access';
import type { transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { auditVisibleTo, serializeAuditRecord } from '../../audit/list-audit';
import { findAccessibleTransaction } from '../transaction-query';
import {
  chargebackEntries,
  compareEntries,
  refundEntries,
  timelineEntry,
  transactionEntries,
  type TimelineEntry,
} from './timeline-entry';
import { loadTimelineSources } from './timeline-sources';

type TransactionRow = typeof transactions.$inferSelect;

/** Entries one payment's timeline keeps (the oldest; `truncated` says when there were more). */
export const TIMELINE_MAX_ENTRIES = 100;

export type Timeline = { entries: TimelineEntry[]; truncated: boolean };

/** What the actor may see in a timeline: disputes with chargebacks:view; audit records as GET /agent/audit shows them. */
export const timelineAccess = (actor: Actor) => ({
  withChargebacks: hasRole(actor, 'chargebacks:view'),
  auditVisible: auditVisibleTo(actor),
});

/** GET of one payment's timeline: another organisation's payment is the same 404 as an unknown id. */
export async function getTransactionTimeline(db: Executor, actor: Actor, transactionId: string) {
  const row = await findAccessibleTransaction(db, actor, transactionId);
  const timelines = await loadTimelines(db, [row], timelineAccess(actor));
  return { transaction_id: row.id, ...timelines.get(row.id)! };
}

/**
 * The timelines of a page of payments (lib/core/bookings/booking-detail.ts), in five queries whatever
 * the page's size: each payment's events in time order from its row, refunds, disputes, audit records,
 * processor notifications and webhook events. No access check: the caller checked the payments.
 */
export async function loadTimelines(
  db: Executor,
  rows: TransactionRow[],
  access: { withChargebacks: boolean; auditVisible: SQL | undefined },
): Promise<Map<string, Timeline>> {
  const byTransaction = new Map<string, TimelineEntry[]>(rows.map((t) => [t.id, transactionEntries(t)]));
  if (rows.length === 0) return new Map();
  const sources = await loadTimelineSources(db, rows, access);
  const owner = new Map<string, string>(rows.map((t) => [t.id, t.id]));
  const add = (ownerId: string | undefined | null, entries: TimelineEntry[]) => {
    const list = ownerId ? byTransaction.get(ownerId) : undefined;
    if (list) list.push(...entries);
  };
  for (const r of sources.refundRows) {
    owner.set(r.id, r.transactionId);
    add(r.transactionId, refundEntries(r));
  }
  for (const c of sources.chargebackRows) {
    owner.set(c.id, c.transactionId);
    add(c.transactionId, chargebackEntries(c));
  }
  for (const a of sources.auditRows) {
    const { user, type, id } = serializeAuditRecord(a);
    add(owner.get(a.entityId), [timelineEntry(a.createdAt, 'audit', type, id, { entity_id: a.entityId, user })]);
  }
  const byPsp = new Map(rows.flatMap((t) => (t.providerReference ? [[t.providerReference, t.id] as const] : [])));
  for (const n of sources.notificationRows) {
    add(byPsp.get(n.pspReference) ?? byPsp.get(n.originalReference ?? ''), [
      timelineEntry(n.eventDate ?? n.createdAt, 'processor', `processor.${n.eventCode}`, n.id, {
        success: n.success,
        psp_reference: n.pspReference,
        amount: n.amount,
        currency: n.currency,
        reason: n.reason,
        status: n.status,
        outcome: n.outcome,
        received_at: n.createdAt.toISOString(),
      }),
    ]);
  }
  for (const e of sources.webhookRows) {
    add(owner.get(e.resource_id), [
      timelineEntry(new Date(e.created_at), 'webhook', `webhook.${e.type}`, e.id, {
        resource_id: e.resource_id,
        deliveries: { delivered: Number(e.delivered), failed: Number(e.failed), queued: Number(e.queued) },
      }),
    ]);
  }
  return new Map(
    [...byTransaction].map(([id, entries]) => {
      entries.sort(compareEntries);
      return [
        id,
        { entries: entries.slice(0, TIMELINE_MAX_ENTRIES), truncated: entries.length > TIMELINE_MAX_ENTRIES },
      ];
    }),
  );
}
