import { getTranslations } from 'next-intl/server';
import { packageTypes } from '@/lib/core/bookings/package-types';
import { keptFrom, type Kept } from '@/lib/http/kept-form-read';
import { amountFieldValue } from './booking-form-schema';

export type BookingFieldValues = {
  customer_name?: string;
  email?: string;
  gross_amount?: number | null;
  departure_date?: string | null;
  return_date?: string | null;
  package_type?: string | null;
};

/**
 * The fields the create and edit forms share: customer, amount, dates, kind of trip. `values` are the booking's
 * (edit); `kept` what a refused post had typed (lib/http/kept-form.ts), which wins over them.
 */
export async function BookingFields({
  locale,
  values = {},
  kept = keptFrom(null),
}: {
  locale: string;
  values?: BookingFieldValues;
  kept?: Kept;
}) {
  const t = await getTranslations({ locale, namespace: 'DashboardBookings.form' });
  return (
    <>
      <div className="field">
        <label htmlFor="booking-customer">{t('customerName')}</label>
        <input
          id="booking-customer"
          name="customer_name"
          type="text"
          required
          maxLength={255}
          autoComplete="off"
          defaultValue={kept.text('customer_name', values.customer_name)}
        />
      </div>
      <div className="field">
        <label htmlFor="booking-email">{t('email')}</label>
        <input
          id="booking-email"
          name="email"
          type="email"
          required
          maxLength={320}
          autoComplete="off"
          defaultValue={kept.text('email', values.email)}
        />
      </div>
      <div className="field">
        <label htmlFor="booking-amount">{t('amount')}</label>
        <input
          id="booking-amount"
          name="gross_amount"
          type="text"
          inputMode="decimal"
          pattern="\d{1,8}([.,]\d{1,2})?"
          aria-describedby="booking-amount-hint"
          data-ltr
          defaultValue={kept.text('gross_amount', amountFieldValue(values.gross_amount ?? null))}
        />
        <p id="booking-amount-hint" className="muted">
          {t('amountHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor="booking-departure">{t('departure')}</label>
        <input
          id="booking-departure"
          name="departure_date"
          type="date"
          defaultValue={kept.text('departure_date', values.departure_date)}
        />
      </div>
      <div className="field">
        <label htmlFor="booking-return">{t('return')}</label>
        <input
          id="booking-return"
          name="return_date"
          type="date"
          defaultValue={kept.text('return_date', values.return_date)}
        />
      </div>
      <div className="field">
        <label htmlFor="booking-package">{t('packageType')}</label>
        <select id="booking-package" name="package_type" defaultValue={kept.text('package_type', values.package_type)}>
          <option value="">{t('packageNone')}</option>
          {packageTypes.map((type) => (
            <option key={type} value={type}>
              {t(`package_${type}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
