import { getTranslations } from 'next-intl/server';
import type { Overview } from '@/lib/core/overview/get-overview';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { formatMoney, isoCurrency } from '@/lib/money';

/** Completed payments today and this week (Europe/London, the week from Monday), per currency. */
export async function PaymentsSummary({ locale, overview }: { locale: string; overview: Overview }) {
  const t = await getTranslations({ locale, namespace: 'DashboardOverview' });
  return (
    <section aria-labelledby="overview-payments-title" data-testid="overview-payments">
      <h2 id="overview-payments-title">{t('paymentsTitle')}</h2>
      {overview.payments.length === 0 ? (
        <p className="muted">{t('noPayments')}</p>
      ) : (
        <table className="stack-table">
          <thead>
            <tr>
              <th scope="col">{t('currency')}</th>
              <th scope="col">{t('today')}</th>
              <th scope="col">{t('week')}</th>
            </tr>
          </thead>
          <tbody>
            {overview.payments.map((p) => (
              <tr key={p.currency}>
                <td data-label={t('currency')}>{isoCurrency(p.currency)}</td>
                <td data-label={t('today')}>
                  {t('paymentsFigure', { count: p.today.count, total: formatMoney(p.today.total, p.currency, locale) })}
                </td>
                <td data-label={t('week')}>
                  {t('paymentsFigure', { count: p.week.count, total: formatMoney(p.week.total, p.currency, locale) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a href={dashboardPath(locale, '/transactions')}>{t('seeTransactions')}</a>
      </p>
    </section>
  );
}
