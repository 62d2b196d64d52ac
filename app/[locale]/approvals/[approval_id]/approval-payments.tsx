import { getFormatter, getTranslations } from 'next-intl/server';
import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';
import { formatMoney } from '@/lib/money';

export type ApprovalPaymentRow = {
  id: string;
  amount: number;
  currency: string;
  date: Date;
  cardBrand: string | null;
  cardLastFour: string | null;
};

/** The scheduled payments of an approval: amount, date and card, one row each. */
export async function ApprovalPayments({
  rows,
  locale,
  caption,
}: {
  rows: ApprovalPaymentRow[];
  locale: string;
  caption: string;
}) {
  const t = await getTranslations('Approval');
  const format = await getFormatter();
  return (
    <table className="approval-payments stack-table" data-testid="approval-payments">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('amount')}</th>
          <th scope="col">{t('date')}</th>
          <th scope="col">{t('card')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="approval-payment">
            <td data-label={t('amount')}>{formatMoney(row.amount, row.currency, locale)}</td>
            <td data-label={t('date')}>
              {format.dateTime(row.date, { dateStyle: 'long', timeZone: 'Europe/London' })}
            </td>
            <td data-label={t('card')}>
              {row.cardBrand && row.cardLastFour
                ? t('cardValue', { brand: cardBrandName(row.cardBrand), lastFour: row.cardLastFour })
                : t('savedCard')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
