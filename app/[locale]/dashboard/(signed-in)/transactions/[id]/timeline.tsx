import { getTranslations } from 'next-intl/server';
import type { TimelineEntry } from '@/lib/core/transactions/timeline/timeline-entry';
import { moneyWords } from '../../_money/money-words';

type Props = { locale: string; entries: TimelineEntry[]; truncated: boolean };
type Words = Awaited<ReturnType<typeof getTranslations<'DashboardMoney.timeline'>>>;

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** What one entry says, in words: its kind's sentence where the catalogue has one, else its source's. */
function describe(entry: TimelineEntry, t: Words, words: Awaited<ReturnType<typeof moneyWords>>): string {
  const d = entry.detail;
  const amount =
    typeof d.amount === 'number' && typeof d.currency === 'string' ? words.money(d.amount, d.currency) : '';
  const user = (d.user ?? {}) as { name?: string | null; email?: string | null; kind?: string };
  const who = user.kind === 'service' ? t('service') : (user.name ?? user.email ?? t('someone'));
  if (entry.source === 'processor') {
    const code = entry.kind.slice('processor.'.length);
    const eventKey = `event_${code.toLowerCase()}` as 'service';
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
  const key = (entry.source === 'audit' ? `audit_${entry.kind}` : entry.kind).replace(/[.:-]/g, '_') as 'service';
  const stageKey = `stage_${text(d.stage) ?? ''}` as 'service';
  const values = {
    amount,
    who,
    stage: t.has(stageKey) ? t(stageKey) : (text(d.stage) ?? ''),
  };
  if (t.has(key)) return t(key, values);
  return t('other', { who, kind: entry.kind });
}

/** A payment's events, oldest first (lib/core/transactions/timeline): the row, its refunds and disputes, the audit, the processor, webhooks. */
export async function Timeline({ locale, entries, truncated }: Props) {
  const t = await getTranslations({ locale, namespace: 'DashboardMoney.timeline' });
  const words = await moneyWords(locale);
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t('title')}</h2>
      <ol className="money-timeline" data-testid="timeline">
        {entries.map((entry, index) => (
          <li key={`${entry.kind}-${entry.id ?? ''}-${index}`} data-kind={entry.kind} data-testid="timeline-entry">
            <span className="muted">{words.when(entry.at)}</span> {describe(entry, t, words)}
          </li>
        ))}
      </ol>
      {truncated && <p className="muted">{t('truncated')}</p>}
    </section>
  );
}
