import { getTranslations } from 'next-intl/server';
import type { SerializedBooking } from '@/lib/core/bookings/serialize-booking';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { formatDateTime, londonDateTime } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';

/** A calendar day ("2026-03-01", no time zone) for people, as written: it is the same day everywhere. */
export function formatDay(day: string | null, locale: string): string {
  if (!day) return '–';
  return formatDateTime(new Date(`${day}T12:00:00Z`), locale, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** The list's table; stacked one booking a block on a narrow screen (globals.css .stack-table). */
export async function BookingsTable({
  locale,
  bookings,
  showOrganisation,
}: {
  locale: string;
  bookings: SerializedBooking[];
  showOrganisation: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'DashboardBookings.list' });
  return (
    <table className="stack-table bookings-table" data-testid="bookings-table">
      <caption>{t('caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('colReference')}</th>
          <th scope="col">{t('colCustomer')}</th>
          {showOrganisation && <th scope="col">{t('colOrganisation')}</th>}
          <th scope="col">{t('colDeparture')}</th>
          <th scope="col">{t('colAmount')}</th>
          <th scope="col">{t('colPaid')}</th>
          <th scope="col">{t('colCreated')}</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((b) => {
          const paid = b.transactions.reduce((sum: number, x: { amount: number }) => sum + x.amount, 0);
          return (
            <tr key={b.id} data-testid="booking-row">
              <td data-label={t('colReference')}>
                <a href={dashboardPath(locale, `/bookings/${b.id}`)}>{b.booking_reference}</a>
              </td>
              <td data-label={t('colCustomer')}>
                {b.customer_name}
                <br />
                <span className="muted">{b.email}</span>
              </td>
              {showOrganisation && <td data-label={t('colOrganisation')}>{b.organisation.id}</td>}
              <td data-label={t('colDeparture')}>{formatDay(b.departure_date, locale)}</td>
              <td data-label={t('colAmount')}>
                {b.gross_amount === null ? '–' : formatMoney(b.gross_amount, b.currency, locale)}
              </td>
              <td data-label={t('colPaid')}>{formatMoney(paid, b.currency, locale)}</td>
              <td data-label={t('colCreated')}>{londonDateTime(new Date(b.created_at), locale)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
