import { getTranslations } from 'next-intl/server';
import type { MemberPage, MemberPageInstalment } from '@/lib/core/groups/member-page';
import { formatMoney } from '@/lib/money';
import { checkoutPath } from '../checkout-paths';

type Props = { view: MemberPage; locale: string; date: (value: Date) => string };

/** Each instalment: its due date, amount, and paid (when), being paid, to be collected (when), or not paid yet. */
export async function MemberSchedule({ view, locale, date }: Props) {
  const t = await getTranslations('MemberPage');
  const status = (i: MemberPageInstalment) => {
    if (i.state === 'paid') return i.paidAt ? t('statusPaidOn', { date: date(i.paidAt) }) : t('statusPaid');
    if (i.state === 'in_progress') return t('statusInProgress');
    if (i.collectAt) return t('statusCollect', { date: date(i.collectAt) });
    return t('statusUnpaid');
  };
  return (
    <section aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">{t('scheduleHeading')}</h2>
      {/* Stacked rows on a narrow screen (globals.css .stack-table): four columns and a status with its link do not fit 320 px. */}
      <table className="stack-table" data-testid="member-page-schedule">
        <thead>
          <tr>
            <th scope="col">{t('instalmentColumn')}</th>
            <th scope="col">{t('dueColumn')}</th>
            <th scope="col">{t('amountColumn')}</th>
            <th scope="col">{t('statusColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {view.instalments.map((i, index) => (
            <tr key={i.linkId} data-testid="member-page-instalment" data-state={i.state}>
              <th scope="row">{t('instalment', { sequence: i.sequence ?? index + 1 })}</th>
              <td data-label={t('dueColumn')}>{i.dueAt ? date(i.dueAt) : t('noDueDate')}</td>
              <td data-label={t('amountColumn')}>{formatMoney(i.amount, view.currency, locale)}</td>
              <td data-label={t('statusColumn')} data-testid="member-page-status">
                {status(i)}
                {i.state === 'unpaid' && (
                  <>
                    {' '}
                    <a href={checkoutPath(locale, i.linkId)}>
                      {t('payInstalment', { sequence: i.sequence ?? index + 1 })}
                    </a>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
