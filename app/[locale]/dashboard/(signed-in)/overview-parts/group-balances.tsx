import { getTranslations } from 'next-intl/server';
import type { Overview } from '@/lib/core/overview/get-overview';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { londonDate } from '@/lib/i18n/date-format';
import { formatMoney, isoCurrency } from '@/lib/money';

/** The open groups' balances per currency, and the groups with an overdue instalment (oldest first). */
export async function GroupBalances({ locale, overview }: { locale: string; overview: Overview }) {
  const t = await getTranslations({ locale, namespace: 'DashboardOverview' });
  const { by_currency: balances, overdue } = overview.group_balances;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  return (
    <section aria-labelledby="overview-groups-title" data-testid="overview-groups">
      <h2 id="overview-groups-title">{t('groupsTitle')}</h2>
      {balances.length === 0 ? (
        <p className="muted">{t('noGroups')}</p>
      ) : (
        <table className="stack-table">
          <thead>
            <tr>
              <th scope="col">{t('currency')}</th>
              <th scope="col">{t('openGroups')}</th>
              <th scope="col">{t('collected')}</th>
              <th scope="col">{t('outstanding')}</th>
              <th scope="col">{t('overdue')}</th>
            </tr>
          </thead>
          <tbody>
            {balances.map((b) => (
              <tr key={b.currency}>
                <td data-label={t('currency')}>{isoCurrency(b.currency)}</td>
                <td data-label={t('openGroups')}>{b.groups}</td>
                <td data-label={t('collected')}>{money(b.collected, b.currency)}</td>
                <td data-label={t('outstanding')}>{money(b.outstanding, b.currency)}</td>
                <td data-label={t('overdue')}>{money(b.overdue, b.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {overdue.count > 0 && (
        <>
          <h3>{t('overdueGroups', { count: overdue.count })}</h3>
          <ul>
            {overdue.items.map((g) => (
              <li key={g.id}>
                <a href={dashboardPath(locale, `/groups/${g.id}`)}>{g.name || g.lead_name}</a>{' '}
                {t('overdueSince', {
                  amount: money(g.overdue, g.currency),
                  date: g.oldest_overdue_at ? londonDate(new Date(g.oldest_overdue_at), locale) : '–',
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={dashboardPath(locale, '/groups')}>{t('seeGroups')}</a>
      </p>
    </section>
  );
}
