import type { chargebacks, refunds, transactions } from '@/lib/db/schema';

/** Where an entry comes from: the payment's own row, its refunds and disputes, the audit, the processor, webhooks. */
export type TimelineSource = 'transaction' | 'refund' | 'chargeback' | 'audit' | 'processor' | 'webhook';

/**
 * One thing that happened to a payment. `kind` is `transaction.created`, `transaction.authorised`,
 * `transaction.completed`, `transaction.<status>` (declined, failed, ...), `transaction.in_progress` (its current
 * stage: authorising, challenge = 3-D Secure, bank, unsettled), `refund.requested|completed|declined|failed|unsettled`,
 * `chargeback.notified|charged_back|reversed`, the audit record's type (`transaction:complete`, `refund:authorise`, ...),
 * `processor.<EVENT_CODE>` (a notification item as received), or `webhook.<event type>` (an event merchants were sent).
 */
export type TimelineEntry = {
  at: string;
  source: TimelineSource;
  kind: string;
  /** The refund, chargeback, audit record, notification or webhook event the entry is, null for the payment's own. */
  id: string | null;
  detail: Record<string, unknown>;
};

const sourceOrder: Record<TimelineSource, number> = {
  transaction: 0,
  audit: 1,
  processor: 2,
  refund: 3,
  chargeback: 4,
  webhook: 5,
};

/** In time order; at the same instant, cause before effect (the payment, who did it, the processor, then what followed). */
export function compareEntries(a: TimelineEntry, b: TimelineEntry): number {
  return a.at.localeCompare(b.at) || sourceOrder[a.source] - sourceOrder[b.source];
}

const entry = (at: Date, source: TimelineSource, kind: string, id: string | null, detail: Record<string, unknown>) => ({
  at: at.toISOString(),
  source,
  kind,
  id,
  detail,
});

/** What the payment's row itself says: created, authorised, completed, and where it ended or stands. */
export function transactionEntries(t: typeof transactions.$inferSelect): TimelineEntry[] {
  const entries = [
    entry(t.createdAt, 'transaction', 'transaction.created', null, {
      amount: t.amount,
      currency: t.currency,
      method: t.method,
      type: t.type,
      wallet: t.wallet,
    }),
  ];
  if (t.authorisedAt) entries.push(entry(t.authorisedAt, 'transaction', 'transaction.authorised', null, {}));
  if (t.completedAt) entries.push(entry(t.completedAt, 'transaction', 'transaction.completed', null, {}));
  if (t.status === 'PAYMENTINPROGRESS')
    entries.push(entry(t.updatedAt, 'transaction', 'transaction.in_progress', null, { stage: t.stage }));
  else if (t.status !== 'COMPLETE' && t.status !== 'PENDING')
    entries.push(
      entry(t.updatedAt, 'transaction', `transaction.${t.status.toLowerCase()}`, null, {
        failure_reason: t.failureReason,
      }),
    );
  return entries;
}

export function refundEntries(r: typeof refunds.$inferSelect): TimelineEntry[] {
  const detail = { amount: r.amount, currency: r.currency, status: r.status };
  const entries = [entry(r.createdAt, 'refund', 'refund.requested', r.id, detail)];
  if (r.completedAt) entries.push(entry(r.completedAt, 'refund', 'refund.completed', r.id, detail));
  if (r.status === 'DECLINED' || r.status === 'FAILED' || r.status === 'UNSETTLED')
    entries.push(
      entry(r.updatedAt, 'refund', `refund.${r.status.toLowerCase()}`, r.id, {
        ...detail,
        failure_reason: r.failureReason,
      }),
    );
  return entries;
}

export function chargebackEntries(c: typeof chargebacks.$inferSelect): TimelineEntry[] {
  const detail = { amount: c.amount, currency: c.currency, status: c.status, reason: c.reason };
  const entries = [
    entry(c.receivedDate, 'chargeback', 'chargeback.notified', c.id, {
      ...detail,
      due_date: c.dueDate?.toISOString() ?? null,
    }),
  ];
  if (c.postingDate) entries.push(entry(c.postingDate, 'chargeback', 'chargeback.charged_back', c.id, detail));
  if (c.status === 'REVERSED') entries.push(entry(c.updatedAt, 'chargeback', 'chargeback.reversed', c.id, detail));
  return entries;
}

export { entry as timelineEntry };
