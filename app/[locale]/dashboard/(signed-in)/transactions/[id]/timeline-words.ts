import { currencyCodes } from '@/lib/core/enums';
import type { TimelineEntry } from '@/lib/core/transactions/timeline/timeline-entry';

/** The timeline's words (DashboardMoney.timeline): next-intl's translator, as getTranslations or createTranslator give it. */
export type TimelineWords = {
  (key: string, values?: Record<string, string | number>): string;
  has: (key: string) => boolean;
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * What one entry says, in words: its kind's sentence where the catalogue has one, else its source's.
 * `money` formats minor units in the page's locale.
 */
export function describeEntry(
  entry: TimelineEntry,
  t: TimelineWords,
  money: (amount: number, currency: string) => string,
): string {
  const d = entry.detail;
  // Our currency codes (GBX...) only: a processor notification's amount is in ISO (GBP) and is not shown.
  const amount =
    typeof d.amount === 'number' && (currencyCodes as readonly unknown[]).includes(d.currency)
      ? money(d.amount, d.currency as string)
      : '';
  const user = (d.user ?? {}) as { name?: string | null; email?: string | null; kind?: string };
  const who = user.kind === 'service' ? t('service') : (user.name ?? user.email ?? t('someone'));
  if (entry.source === 'processor') {
    const code = entry.kind.slice('processor.'.length);
    const eventKey = `event_${code.toLowerCase()}`;
    const event = t.has(eventKey) ? t(eventKey) : code;
    return t(d.success === false ? 'processor_refused' : 'processor_confirmed', { event });
  }
  if (entry.source === 'webhook') {
    const n = (d.deliveries ?? {}) as { delivered?: number; failed?: number; queued?: number };
    return t('webhook', {
      type: entry.kind.slice('webhook.'.length),
      delivered: n.delivered ?? 0,
      failed: n.failed ?? 0,
      queued: n.queued ?? 0,
    });
  }
  // transaction.created → transaction_created; an audit record's refund:authorise → audit_refund_authorise.
  const key = (entry.source === 'audit' ? `audit_${entry.kind}` : entry.kind).replace(/[.:-]/g, '_');
  const stageKey = `stage_${text(d.stage) ?? ''}`;
  const values = { amount, who, stage: t.has(stageKey) ? t(stageKey) : (text(d.stage) ?? '') };
  if (t.has(key)) return t(key, values);
  return t('other', { who, kind: entry.kind });
}
