import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { londonDateTime } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';
import { requireStaff } from '../../../staff-session';
import { ActionNotice } from '../../action-notice';
import { deleteBookingAction } from '../actions';
import { formatDay } from '../bookings-table';
import { BookingLists } from './booking-lists';
import { loadDetail } from './load-detail';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<{ result?: string; error?: string }>;
};

/**
 * One booking with everything attached (lib/core/bookings/booking-detail): what every member of staff of the
 * organisation may read, as GET /agent/bookings/{id}. Edit needs booking-and-payment:create:booking; "Take a phone
 * payment" (the virtual terminal with the booking chosen) booking-and-payment:create:payment; delete
 * booking-and-payment:delete:booking or being the booking's creator (the API's rule); each is hidden otherwise.
 */
export default async function BookingPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  const staff = await requireStaff(locale);
  const detail = await loadDetail(staff, id);
  if (!detail) notFound();
  const t = await getTranslations({ locale, namespace: 'DashboardBookings.detail' });
  const words = await getTranslations({ locale, namespace: 'DashboardBookings.form' });
  const { booking: b, customer } = detail;
  const canEdit = hasRole(staff, 'booking-and-payment:create:booking');
  const canTakePayment = hasRole(staff, 'booking-and-payment:create:payment');
  const canDelete = hasRole(staff, 'booking-and-payment:delete:booking') || b.user.id === staff.userId;
  const money = (amount: number | null) => (amount === null ? '–' : formatMoney(amount, b.currency, locale));
  return (
    <main>
      <p>
        <a href={dashboardPath(locale, '/bookings')}>{t('backToList')}</a>
      </p>
      <h1 data-testid="booking-title">{t('title', { reference: b.booking_reference })}</h1>
      <ActionNotice locale={locale} namespace="DashboardBookings.detail" query={await searchParams} testId="booking" />
      <div className="row">
        {canEdit && (
          <a href={dashboardPath(locale, `/bookings/${b.id}/edit`)} data-testid="edit-booking">
            {t('edit')}
          </a>
        )}
        {canTakePayment && (
          <a href={`${dashboardPath(locale, '/terminal')}?booking=${b.id}`} data-testid="booking-phone-payment">
            {t('phonePayment')}
          </a>
        )}
        {canDelete && (
          <form action={deleteBookingAction}>
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="booking" value={b.id} />
            <button type="submit" className="secondary" data-testid="delete-booking">
              {t('delete', { reference: b.booking_reference })}
            </button>
          </form>
        )}
      </div>
      <section aria-labelledby="summary-title" className="card">
        <h2 id="summary-title">{t('summary')}</h2>
        <dl data-testid="booking-summary">
          <dt>{t('reference')}</dt>
          <dd>{b.booking_reference}</dd>
          <dt>{t('customerName')}</dt>
          <dd>{b.customer_name}</dd>
          <dt>{t('email')}</dt>
          <dd>{b.email}</dd>
          <dt>{t('amount')}</dt>
          <dd>{money(b.gross_amount)}</dd>
          <dt>{t('departure')}</dt>
          <dd>{formatDay(b.departure_date, locale)}</dd>
          <dt>{t('return')}</dt>
          <dd>{formatDay(b.return_date, locale)}</dd>
          <dt>{t('packageType')}</dt>
          <dd>{b.package_type ? words(`package_${b.package_type.id}` as 'title') : '–'}</dd>
          <dt>{t('atol')}</dt>
          <dd>{b.atol_receipt_number ?? '–'}</dd>
          <dt>{t('createdBy')}</dt>
          <dd>{b.user.email}</dd>
          <dt>{t('created')}</dt>
          <dd>{londonDateTime(new Date(b.created_at), locale)}</dd>
        </dl>
      </section>
      <section aria-labelledby="customer-title">
        <h2 id="customer-title">{t('customer')}</h2>
        {customer ? (
          <p data-testid="booking-customer">
            {customer.customer_name} <span className="muted">{customer.email}</span>
          </p>
        ) : (
          <p className="muted">{t('noCustomer')}</p>
        )}
      </section>
      <BookingLists locale={locale} detail={detail} />
    </main>
  );
}
