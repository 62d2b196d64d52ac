import { getTranslations } from 'next-intl/server';
import { forbidden } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { currencyCodes } from '@/lib/core/enums';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { isoCurrency } from '@/lib/money';
import { keptForm } from '@/lib/http/kept-form-read';
import { requireStaff } from '../../../staff-session';
import { ActionNotice } from '../../action-notice';
import { createBookingAction } from '../actions';
import { BookingFields } from '../booking-fields';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ result?: string; error?: string }>;
};

/** A new booking in the organisation in view (booking-and-payment:create:booking, as PUT /agent/bookings). */
export default async function NewBookingPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'booking-and-payment:create:booking')) forbidden();
  const t = await getTranslations({ locale, namespace: 'DashboardBookings.form' });
  const query = await searchParams;
  // After a refusal, what was typed (lib/http/kept-form.ts).
  const kept = await keptForm(query, 'create-booking');
  return (
    <main>
      <p>
        <a href={dashboardPath(locale, '/bookings')}>{t('backToList')}</a>
      </p>
      <h1>{t('createTitle')}</h1>
      <ActionNotice locale={locale} namespace="DashboardBookings.form" query={query} testId="booking-form" />
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
            defaultValue={kept.text('booking_reference')}
          />
        </div>
        <div className="field">
          <label htmlFor="booking-currency">{t('currency')}</label>
          <select id="booking-currency" name="currency" defaultValue={kept.text('currency', 'GBX')}>
            {currencyCodes.map((code) => (
              <option key={code} value={code}>
                {isoCurrency(code)}
              </option>
            ))}
          </select>
        </div>
        <BookingFields locale={locale} kept={kept} />
        <div>
          <button type="submit">{t('create')}</button>
        </div>
      </form>
    </main>
  );
}
