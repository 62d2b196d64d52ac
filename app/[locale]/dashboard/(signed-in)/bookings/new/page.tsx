import { getTranslations } from 'next-intl/server';
import { forbidden } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { currencyCodes } from '@/lib/core/enums';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { isoCurrency } from '@/lib/money';
import { requireStaff } from '../../../staff-session';
import { ActionNotice } from '../../action-notice';
import { createBookingAction } from '../actions';
import { BookingFields } from '../booking-fields';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ result?: string; error?: string }> };

/** A new booking in the organisation in view (booking-and-payment:create:booking, as PUT /agent/bookings). */
export default async function NewBookingPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'booking-and-payment:create:booking')) forbidden();
  const t = await getTranslations({ locale, namespace: 'DashboardBookings.form' });
  return (
    <main>
      <p>
        <a href={dashboardPath(locale, '/bookings')}>{t('backToList')}</a>
      </p>
      <h1>{t('createTitle')}</h1>
      <ActionNotice
        locale={locale}
        namespace="DashboardBookings.form"
        query={await searchParams}
        testId="booking-form"
      />
      <p>{t('createIntro')}</p>
      <form action={createBookingAction} className="stack narrow" data-testid="create-booking-form">
        <input type="hidden" name="locale" value={locale} />
        <div className="field">
          <label htmlFor="booking-reference">{t('reference')}</label>
          <input
            id="booking-reference"
            name="booking_reference"
            type="text"
            required
            maxLength={255}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor="booking-currency">{t('currency')}</label>
          <select id="booking-currency" name="currency" defaultValue="GBX">
            {currencyCodes.map((code) => (
              <option key={code} value={code}>
                {isoCurrency(code)}
              </option>
            ))}
          </select>
        </div>
        <BookingFields locale={locale} />
        <div>
          <button type="submit">{t('create')}</button>
        </div>
      </form>
    </main>
  );
}
