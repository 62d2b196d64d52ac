import { getTranslations } from 'next-intl/server';
import { listBookings } from '@/lib/core/bookings/list-bookings';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { hasRole } from '@/lib/auth/access';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { Pager } from '../list-pager';
import { BOOKINGS_PAGE_SIZE, keptFilters, listInput, readFilters, type RawQuery } from './bookings-filters';
import { BookingsFilterForm } from './bookings-filter-form';
import { BookingsTable } from './bookings-table';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<RawQuery> };

/**
 * The bookings of the organisation in view, newest first, 25 a page: the API's list (POST /agent/bookings)
 * with its filters, through a GET form so a search is a link and works without JavaScript. Every member of
 * staff may read it, as every key of the organisation may list bookings.
 */
export default async function BookingsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const t = await getTranslations({ locale, namespace: 'DashboardBookings.list' });
  const query = await searchParams;
  const filters = readFilters(query);
  const list = await listBookings(await getDb(), staff, listInput(staff.rootOrganisationId, filters));
  const kept = keptFilters(filters);
  const base = dashboardPath(locale, '/bookings');
  const notice = {
    result: typeof query.result === 'string' ? query.result : undefined,
    error: typeof query.error === 'string' ? query.error : undefined,
  };
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardBookings.list" query={notice} testId="bookings" />
      <p className="row">
        {hasRole(staff, 'booking-and-payment:create:booking') && (
          <a href={dashboardPath(locale, '/bookings/new')} className="link-button" data-testid="new-booking">
            {t('new')}
          </a>
        )}
        <a
          href={`${dashboardPath(locale, '/bookings/export')}${kept.size ? `?${kept}` : ''}`}
          data-testid="export-csv"
          download
        >
          {t('export')}
        </a>
      </p>
      <BookingsFilterForm locale={locale} filters={filters} action={base} />
      <p role="status" data-testid="bookings-count">
        {t('count', { count: list.total })}
      </p>
      {list.items.length > 0 && (
        <BookingsTable locale={locale} bookings={list.items} showOrganisation={filters.children === '1'} />
      )}
      <Pager
        locale={locale}
        base={base}
        query={kept}
        page={filters.page}
        take={BOOKINGS_PAGE_SIZE}
        total={list.total}
        shown={list.items.length}
        hasMore={list.hasMore}
      />
    </main>
  );
}
