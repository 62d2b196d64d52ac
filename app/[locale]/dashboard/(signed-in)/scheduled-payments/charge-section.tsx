import { randomUUID } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import type { StaffActor } from '@/lib/core/staff/load-staff-actor';
import { listBookings } from '@/lib/core/bookings/list-bookings';
import { listBookingsSchema } from '@/lib/core/bookings/schemas';
import { availableTokens } from '@/lib/core/saved-cards/available-tokens';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { keptForm } from '@/lib/http/kept-form-read';
import { formatMoney } from '@/lib/money';
import { chargeSavedCardAction, sendApprovalAction } from './actions';
import { CHARGE_FORM } from './charge-form-input';

type Props = { locale: string; staff: StaffActor; query: { reference?: string; error?: string } };

/**
 * Charge a card saved on a booking, now or on a date: first find the booking by its reference (a GET form),
 * then choose one of its saved cards (the API's available-tokens). The approval link of the booking's
 * payments awaiting approval is sent from here too. A refused charge returns to /scheduled-payments?error=...:
 * the form posted its booking's reference, so the kept values (kept-form.ts) find the booking again and fill in the
 * card, amount, date and pre-authorisation as they were typed.
 */
export async function ChargeSection({ locale, staff, query }: Props) {
  const t = await getTranslations({ locale, namespace: 'DashboardCollect.charge' });
  const db = await getDb();
  const kept = await keptForm(query, CHARGE_FORM);
  const typed =
    (query.reference ?? (kept.active ? kept.text('reference') : undefined))?.trim().slice(0, 255) || undefined;
  const found = typed
    ? (
        await listBookings(
          db,
          staff,
          listBookingsSchema.parse({ organisation: staff.rootOrganisationId, booking_reference: typed, take: 1 }),
        )
      ).items[0]
    : undefined;
  const cards = found ? await availableTokens(db, staff, found.id) : [];
  return (
    <section aria-labelledby="charge-title">
      <h2 id="charge-title">{t('title')}</h2>
      <form
        method="get"
        action={dashboardPath(locale, '/scheduled-payments')}
        className="collect-filters"
        data-testid="find-booking"
      >
        <div className="field">
          <label htmlFor="charge-reference">{t('reference')}</label>
          <input id="charge-reference" name="reference" type="search" defaultValue={typed} />
        </div>
        <div>
          <button type="submit">{t('find')}</button>
        </div>
      </form>
      {typed && !found && <p role="status">{t('noBooking')}</p>}
      {found && (
        <div className="stack" data-testid="charge-booking">
          <p>
            {t('booking', {
              reference: found.booking_reference ?? '',
              name: found.customer_name ?? '',
              amount: formatMoney(found.gross_amount ?? 0, found.currency, locale),
            })}
          </p>
          {cards.length === 0 ? (
            <p role="status">{t('noCards')}</p>
          ) : (
            <form action={chargeSavedCardAction} className="stack narrow" data-testid="charge-form">
              <input type="hidden" name="locale" value={locale} />
              <input type="hidden" name="booking" value={found.id} />
              <input type="hidden" name="reference" value={found.booking_reference ?? ''} />
              <input type="hidden" name="key" value={randomUUID()} />
              <fieldset>
                <legend>{t('card')}</legend>
                {cards.map((card, index) => (
                  <div className="choice-line" key={card.id}>
                    <input
                      type="radio"
                      id={`card-${card.id}`}
                      name="card"
                      value={card.id}
                      defaultChecked={kept.active ? kept.checked('card', false, card.id) : index === 0}
                    />
                    <label htmlFor={`card-${card.id}`}>
                      {t('cardLine', {
                        brand: card.card_brand ?? '',
                        last4: card.last_four ?? '',
                        month: String(card.expiry_month ?? '').padStart(2, '0'),
                        year: String(card.expiry_year ?? ''),
                      })}
                    </label>
                  </div>
                ))}
              </fieldset>
              <div className="field">
                <label htmlFor="charge-amount">{t('amount')}</label>
                <input
                  id="charge-amount"
                  name="amount"
                  type="text"
                  inputMode="decimal"
                  required
                  autoComplete="off"
                  defaultValue={kept.text('amount')}
                />
              </div>
              <div className="field">
                <label htmlFor="charge-date">{t('date')}</label>
                <input
                  id="charge-date"
                  name="date"
                  type="date"
                  aria-describedby="charge-date-hint"
                  defaultValue={kept.text('date')}
                />
                <p className="muted" id="charge-date-hint">
                  {t('dateHint')}
                </p>
              </div>
              <div className="choice-line">
                <input
                  type="checkbox"
                  id="charge-preauth"
                  name="authorisation_only"
                  defaultChecked={kept.checked('authorisation_only', false)}
                />
                <label htmlFor="charge-preauth">{t('authorisationOnly')}</label>
              </div>
              <div>
                <button type="submit">{t('submit')}</button>
              </div>
            </form>
          )}
          <form action={sendApprovalAction} data-testid="send-approval">
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="booking" value={found.id} />
            <button type="submit" className="secondary">
              {t('sendApproval')}
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
