import { getTranslations } from 'next-intl/server';
import type { PortalGroup } from '@/lib/core/groups/hosted-portal';
import { groupProgress } from '@/lib/core/groups/portal-progress';
import { formatMoney } from '@/lib/money';
import { portalPath } from './portal-paths';
import { GroupProgress } from './portal-progress';

/** The group's totals: its progress (a bar that reads as text), amounts, members by status, and the CSV export. */
export async function PortalTotals({ group, locale }: { group: PortalGroup; locale: string }) {
  const t = await getTranslations('GroupPortal');
  const money = (amount: number) => formatMoney(amount, group.currency, locale);
  const { amounts, members } = group.totals;
  return (
    <section aria-labelledby="totals-heading">
      <h2 id="totals-heading">{t('totalsHeading')}</h2>
      <dl className="checkout-details portal-totals" data-testid="portal-totals">
        <dt>{t('totalAmount')}</dt>
        <dd data-testid="total-amount">{money(amounts.total)}</dd>
        <dt>{t('paidAmount')}</dt>
        <dd data-testid="total-paid">{money(amounts.paid)}</dd>
        <dt>{t('outstandingAmount')}</dt>
        <dd data-testid="total-outstanding">{money(amounts.outstanding)}</dd>
        <dt>{t('membersCount')}</dt>
        <dd data-testid="total-members">
          {t('memberCounts', {
            total: members.total,
            paid: members.paid,
            outstanding: members.outstanding,
            overdue: members.overdue,
          })}
        </dd>
      </dl>
      <GroupProgress progress={groupProgress(group.members)} currency={group.currency} locale={locale} />
      <p>
        <a href={`${portalPath(locale, group.id)}/export`} download data-testid="portal-export">
          {t('exportCsv')}
        </a>
      </p>
    </section>
  );
}
