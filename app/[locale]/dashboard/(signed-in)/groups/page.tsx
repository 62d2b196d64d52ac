import { getTranslations } from 'next-intl/server';
import { hasRole } from '@/lib/auth/access';
import { listGroupsSchema, listOrganisationGroups } from '@/lib/core/groups/list-organisation-groups';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { londonDate } from '@/lib/i18n/date-format';
import { keptForm } from '@/lib/http/kept-form-read';
import { formatMoney } from '@/lib/money';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { GroupForm } from './group-form';
import { pageNumber } from '@/lib/core/staff/page-number';
import { filterQuery, Pager } from '../list-pager';

type Query = { result?: string; error?: string; keyword?: string; page?: string };
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Query> };

const TAKE = 10;

/** The organisation's groups, newest first, with who paid; the create form for booking-and-payment:create:payment (as the API's). */
export default async function GroupsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const t = await getTranslations({ locale, namespace: 'DashboardCollect.groups' });
  const query = await searchParams;
  // `?page=`, as every back-office list (list-pager.tsx).
  const at = pageNumber(query.page);
  const skip = (at - 1) * TAKE;
  const input = listGroupsSchema.parse({
    organisation: staff.rootOrganisationId,
    skip,
    take: TAKE,
    keyword: query.keyword?.slice(0, 200) || undefined,
  });
  const page = await listOrganisationGroups(await getDb(), staff, input);
  const here = dashboardPath(locale, '/groups');
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardCollect.groups" query={query} testId="groups" />
      <form method="get" action={here} className="collect-filters" role="search" aria-label={t('filters')}>
        <div className="field">
          <label htmlFor="groups-keyword">{t('keyword')}</label>
          <input id="groups-keyword" name="keyword" type="search" defaultValue={query.keyword} />
        </div>
        <div>
          <button type="submit">{t('filter')}</button>
        </div>
      </form>
      <p role="status" data-testid="groups-count">
        {t('count', { count: page.total })}
      </p>
      {page.items.length > 0 && (
        <table className="stack-table" data-testid="groups-table">
          <caption className="visually-hidden">{t('title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('group')}</th>
              <th scope="col">{t('booking')}</th>
              <th scope="col">{t('paidMembers')}</th>
              <th scope="col">{t('paid')}</th>
              <th scope="col">{t('created')}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((group) => (
              <tr key={group.id} data-testid="group-row">
                <td data-label={t('group')}>
                  <a href={dashboardPath(locale, `/groups/${group.id}`)}>{group.name ?? group.lead_name}</a>
                </td>
                <td data-label={t('booking')}>{group.booking.booking_reference}</td>
                <td data-label={t('paidMembers')}>
                  {t('membersPaid', { paid: group.totals.members.paid, total: group.totals.members.total })}
                </td>
                <td data-label={t('paid')}>
                  {t('amountPaid', {
                    paid: formatMoney(group.totals.amounts.paid, group.currency, locale),
                    total: formatMoney(group.totals.amounts.total, group.currency, locale),
                  })}
                </td>
                <td data-label={t('created')}>{londonDate(new Date(group.created_at), locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        locale={locale}
        base={here}
        query={filterQuery({ keyword: query.keyword })}
        page={at}
        take={TAKE}
        total={page.total}
        shown={page.items.length}
        hasMore={page.hasMore}
      />
      {hasRole(staff, 'booking-and-payment:create:payment') && (
        <section aria-labelledby="create-group-title">
          <h2 id="create-group-title">{t('createTitle')}</h2>
          <GroupForm locale={locale} kept={await keptForm(query, 'create-group')} />
        </section>
      )}
    </main>
  );
}
