import { getTranslations } from 'next-intl/server';
import type { Progress } from '@/lib/core/groups/portal-progress';
import { formatMoney } from '@/lib/money';
import styles from './portal-glance.module.css';

/*
 * Progress as a chart that also reads as text (issue 17 item 14): a bar drawn in SVG (its widths are
 * attributes, which the page's Content-Security-Policy allows where it forbids inline styles; no
 * chart library, no script) hidden from assistive technology, beside the same numbers in words.
 */

const WIDTH = 1000;

/** The stacked bar: collected, overdue, outstanding, in that order from the start of the line. */
export function ProgressBar({ progress, large = false }: { progress: Progress; large?: boolean }) {
  const scale = (amount: number) => (progress.total > 0 ? Math.round((amount * WIDTH) / progress.total) : 0);
  const collected = scale(progress.collected);
  const overdue = Math.min(WIDTH - collected, scale(progress.overdue));
  return (
    <svg
      className={large ? `${styles.bar} ${styles.barLarge}` : styles.bar}
      viewBox={`0 0 ${WIDTH} 10`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <rect className={styles.outstanding} x="0" y="0" width={WIDTH} height="10" />
      <rect className={styles.collected} x="0" y="0" width={collected} height="10" />
      <rect className={styles.overdue} x={collected} y="0" width={overdue} height="10" />
    </svg>
  );
}

/** The whole group: the bar, and a legend that says each part in words and money. */
export async function GroupProgress({
  progress,
  currency,
  locale,
}: {
  progress: Progress;
  currency: string;
  locale: string;
}) {
  const t = await getTranslations('GroupPortal');
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const percent = progress.total > 0 ? Math.floor((progress.collected * 100) / progress.total) : 0;
  return (
    <div className={styles.group} data-testid="group-progress">
      <p className={styles.summary} data-testid="group-progress-text">
        {t('progressSummary', { percent, collected: money(progress.collected), total: money(progress.total) })}
      </p>
      <ProgressBar progress={progress} large />
      <ul className={styles.legend}>
        <li data-testid="progress-collected">
          <span className={`${styles.swatch} ${styles.swatchCollected}`} aria-hidden="true" />
          {t('progressCollected', { amount: money(progress.collected) })}
        </li>
        <li data-testid="progress-overdue">
          <span className={`${styles.swatch} ${styles.swatchOverdue}`} aria-hidden="true" />
          {t('progressOverdue', { amount: money(progress.overdue) })}
        </li>
        <li data-testid="progress-outstanding">
          <span className={`${styles.swatch} ${styles.swatchOutstanding}`} aria-hidden="true" />
          {t('progressOutstanding', { amount: money(progress.outstanding) })}
        </li>
      </ul>
    </div>
  );
}
