import { getTranslations } from 'next-intl/server';
import type { BookingFilters } from './bookings-filters';

/** The search: a GET form (no JavaScript needed; the result is a link), the API's filters. */
export async function BookingsFilterForm({
  locale,
  filters,
  action,
}: {
  locale: string;
  filters: BookingFilters;
  action: string;
}) {
  const t = await getTranslations({ locale, namespace: 'DashboardBookings.list' });
  return (
    <form method="get" action={action} className="bookings-filters" role="search" data-testid="bookings-search">
      <div className="field">
        <label htmlFor="bookings-keyword">{t('keyword')}</label>
        <input
          id="bookings-keyword"
          name="keyword"
          type="search"
          defaultValue={filters.keyword ?? ''}
          maxLength={200}
        />
      </div>
      <div className="field">
        <label htmlFor="bookings-reference">{t('reference')}</label>
        <input id="bookings-reference" name="reference" type="text" defaultValue={filters.reference ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="bookings-from">{t('from')}</label>
        <input id="bookings-from" name="from" type="date" defaultValue={filters.from ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="bookings-to">{t('to')}</label>
        <input id="bookings-to" name="to" type="date" defaultValue={filters.to ?? ''} />
      </div>
      <div className="choice-line">
        <input id="bookings-children" name="children" type="checkbox" value="1" defaultChecked={!!filters.children} />
        <label htmlFor="bookings-children">{t('children')}</label>
      </div>
      <div className="row">
        <button type="submit">{t('search')}</button>
        <a href={action}>{t('clear')}</a>
      </div>
    </form>
  );
}
