import { getTranslations } from 'next-intl/server';
import type { TimelineEntry } from '@/lib/core/transactions/timeline/timeline-entry';
import { moneyWords } from '../../_money/money-words';
import { describeEntry, type TimelineWords } from './timeline-words';

type Props = { locale: string; entries: TimelineEntry[]; truncated: boolean };

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
            <span className="muted">{words.when(entry.at)}</span>{' '}
            {describeEntry(entry, t as unknown as TimelineWords, words.money)}
          </li>
        ))}
      </ol>
      {truncated && <p className="muted">{t('truncated')}</p>}
    </section>
  );
}
