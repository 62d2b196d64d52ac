import { getTranslations } from 'next-intl/server';
import { forbidden, notFound } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { currencyCodes } from '@/lib/core/enums';
import { terminalBookingFor, terminalMethodsFor } from '@/lib/core/terminal/terminal-request';
import type { TerminalBooking } from '@/lib/core/terminal/terminal-booking';
import { AppError } from '@/lib/http/app-error';
import { keptForm } from '@/lib/http/kept-form-read';
import { isoCurrency } from '@/lib/money';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { openTerminalOrderAction } from './actions';
import { terminalTitle } from './terminal-title';

/** The booking page's "Take a phone payment" posts the booking's id; a typed reference is anything else. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ booking?: string; result?: string; error?: string }>;
};

export async function generateMetadata({ params }: Pick<Props, 'params'>) {
  return terminalTitle((await params).locale);
}

/**
 * The virtual terminal's first step (booking-and-payment:create:payment): the booking (named by reference, or
 * given by the booking page's "Take a phone payment" link as ?booking=id), the amount and currency, and how the
 * card reached the member of staff. The card itself is taken on the order's page ([order]/page.tsx).
 * A refused order form returns here with what was typed (kept-form.ts): a booking the booking page had chosen
 * (its id, posted hidden) is chosen again, a typed reference is typed again, and the amount, currency and method.
 */
export default async function TerminalPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'booking-and-payment:create:payment')) forbidden();
  const t = await getTranslations({ locale, namespace: 'DashboardTerminal' });
  const query = await searchParams;
  const kept = await keptForm(query, 'terminal-order');
  const keptBooking = kept.text('booking');
  const chosen = query.booking ?? (UUID.test(keptBooking) ? keptBooking : undefined);
  let booking: TerminalBooking | null = null;
  if (chosen) {
    try {
      booking = await terminalBookingFor(staff, chosen);
    } catch (error) {
      // Another organisation's booking, or none: the API's 404.
      if (error instanceof AppError && error.status === 404) notFound();
      throw error;
    }
  }
  const methods = booking ?? (await terminalMethodsFor(staff));
  const currencyName = (code: string) => {
    const iso = isoCurrency(code);
    try {
      return `${new Intl.DisplayNames([locale], { type: 'currency' }).of(iso) ?? iso} (${iso})`;
    } catch {
      return iso;
    }
  };
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardTerminal" query={query} testId="terminal" />
      <p>{t('intro')}</p>
      {!methods.otherAllowed && !methods.inPersonAllowed ? (
        <p className="notice" data-testid="terminal-no-moto">
          {t('noMoto')}
        </p>
      ) : (
        <form action={openTerminalOrderAction} className="stack narrow" data-testid="terminal-order-form">
          <input type="hidden" name="locale" value={locale} />
          {booking ? (
            <>
              <input type="hidden" name="booking" value={booking.id} />
              <p data-testid="terminal-booking">
                {t('bookingChosen', { reference: booking.reference, customer: booking.customerName })}
              </p>
            </>
          ) : (
            <div className="field">
              <label htmlFor="terminal-booking">{t('bookingLabel')}</label>
              <p className="muted" id="terminal-booking-hint">
                {t('bookingHint')}
              </p>
              <input
                id="terminal-booking"
                name="booking"
                type="text"
                autoComplete="off"
                required
                maxLength={100}
                aria-describedby="terminal-booking-hint"
                defaultValue={keptBooking}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor="terminal-amount">{t('amountLabel')}</label>
            <p className="muted" id="terminal-amount-hint">
              {t('amountHint')}
            </p>
            <input
              id="terminal-amount"
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={12}
              aria-describedby="terminal-amount-hint"
              defaultValue={kept.text('amount')}
            />
          </div>
          <div className="field">
            <label htmlFor="terminal-currency">{t('currencyLabel')}</label>
            <select
              id="terminal-currency"
              name="currency"
              defaultValue={kept.text('currency', booking?.currency ?? 'GBX')}
            >
              {currencyCodes.map((code) => (
                <option key={code} value={code}>
                  {currencyName(code)}
                </option>
              ))}
            </select>
          </div>
          {methods.inPersonAllowed && methods.otherAllowed ? (
            <fieldset className="stack">
              <legend>{t('methodLegend')}</legend>
              <label className="choice-line">
                <input
                  type="radio"
                  name="method"
                  value="MOTO_OTHER"
                  defaultChecked={kept.checked('method', true, 'MOTO_OTHER')}
                />
                {t('methodOther')}
              </label>
              <label className="choice-line">
                <input
                  type="radio"
                  name="method"
                  value="MOTO_IN_PERSON"
                  defaultChecked={kept.checked('method', false, 'MOTO_IN_PERSON')}
                />
                {t('methodInPerson')}
              </label>
            </fieldset>
          ) : (
            <input type="hidden" name="method" value={methods.otherAllowed ? 'MOTO_OTHER' : 'MOTO_IN_PERSON'} />
          )}
          <div>
            <button type="submit" data-testid="terminal-continue">
              {t('continue')}
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
