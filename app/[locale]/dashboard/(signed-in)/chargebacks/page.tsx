import { getTranslations } from 'next-intl/server';
import { forbidden } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { listChargebacks, listChargebacksSchema } from '@/lib/core/chargebacks/list-chargebacks';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { requireStaff } from '../../staff-session';
import { moneyWords } from '../_money/money-words';
import { ChildrenListPage, childrenListAddress, frameWords } from '../_money/children-list';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Search> };

/** Disputes (chargebacks:view), newest first, with the API's list options (POST /agent/chargebacks). */
export default async function ChargebacksPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  // The navigation hides this page without the role; a typed address gets the API's answer.
  if (!hasRole(staff, 'chargebacks:view')) forbidden();
  const t = await getTranslations({ locale, namespace: 'DashboardMoney.chargebacks' });
  const words = await moneyWords(locale);
  const search = await searchParams;
  const address = childrenListAddress(search);
  const list = await listChargebacks(
    await getDb(),
    staff,
    listChargebacksSchema.parse({
      organisation: staff.rootOrganisationId,
      ...address.options,
    }),
  );
  const base = dashboardPath(locale, '/chargebacks');
  return (
    <ChildrenListPage
      locale={locale}
      base={base}
      address={address}
      list={list}
      words={frameWords(t)}
      testId="chargebacks"
    >
      <table className="stack-table money-table" data-testid="chargebacks-table">
        <caption>{t('caption', { total: list.total })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('received')}</th>
            <th scope="col">{t('amount')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('reason')}</th>
            <th scope="col">{t('due')}</th>
            <th scope="col">{t('payment')}</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((c) => (
            <tr key={c.id} data-testid="chargeback-row">
              <td data-label={t('received')}>{words.when(c.received_date)}</td>
              <td data-label={t('amount')}>{words.money(c.amount, c.currency)}</td>
              <td data-label={t('status')}>{words.status('chargeback', c.status)}</td>
              <td data-label={t('reason')}>{c.reason ?? '–'}</td>
              <td data-label={t('due')}>{c.due_date ? words.day(c.due_date) : '–'}</td>
              <td data-label={t('payment')}>
                <a href={dashboardPath(locale, `/transactions/${c.transaction_id}`)}>
                  {c.transaction.booking?.booking_reference ?? t('openPayment')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ChildrenListPage>
  );
}
