import { getTranslations } from 'next-intl/server';
import { forbidden, notFound } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { keptForm } from '@/lib/http/kept-form-read';
import { requireStaff } from '../../../../staff-session';
import { ActionNotice } from '../../../action-notice';
import { changeReferenceAction, editBookingAction } from '../../actions';
import { BookingFields } from '../../booking-fields';
import { loadDetail } from '../load-detail';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<{ result?: string; error?: string }>;
};

/**
 * Edit a booking (POST /agent/bookings/{id}) and change its reference (.../update-reference: a reference another
 * live booking has merges the two, as the API does). Both need booking-and-payment:create:booking.
 */
export default async function EditBookingPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'booking-and-payment:create:booking')) forbidden();
  const detail = await loadDetail(staff, id);
  if (!detail) notFound();
  const { booking: b } = detail;
  const t = await getTranslations({ locale, namespace: 'DashboardBookings.form' });
  const query = await searchParams;
  // After a refusal, what was typed in that form (lib/http/kept-form.ts) instead of the booking's values.
  const kept = await keptForm(query, 'edit-booking');
  const keptReference = await keptForm(query, 'change-reference');
  return (
    <main>
      <p>
        <a href={dashboardPath(locale, `/bookings/${b.id}`)}>
          {t('backToBooking', { reference: b.booking_reference })}
        </a>
      </p>
      <h1>{t('editTitle', { reference: b.booking_reference })}</h1>
      <ActionNotice locale={locale} namespace="DashboardBookings.form" query={query} testId="booking-form" />
      <form action={editBookingAction} className="stack narrow" data-testid="edit-booking-form">
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="booking" value={b.id} />
        <BookingFields locale={locale} values={{ ...b, package_type: b.package_type?.id ?? null }} kept={kept} />
        <div className="field">
          <label htmlFor="booking-atol">{t('atol')}</label>
          <input
            id="booking-atol"
            name="atol_receipt_number"
            type="text"
            maxLength={255}
            defaultValue={kept.text('atol_receipt_number', b.atol_receipt_number)}
          />
        </div>
        <div>
          <button type="submit">{t('save')}</button>
        </div>
      </form>
      <h2>{t('referenceTitle')}</h2>
      <p>{t('referenceIntro')}</p>
      <form action={changeReferenceAction} className="stack narrow" data-testid="reference-form">
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="booking" value={b.id} />
        <div className="field">
          <label htmlFor="booking-new-reference">{t('newReference')}</label>
          <input
            id="booking-new-reference"
            name="booking_reference"
            type="text"
            required
            maxLength={255}
            autoComplete="off"
            defaultValue={keptReference.text('booking_reference', b.booking_reference)}
          />
        </div>
        <div>
          <button type="submit">{t('changeReference')}</button>
        </div>
      </form>
    </main>
  );
}
