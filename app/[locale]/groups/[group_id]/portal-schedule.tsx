import { getTranslations } from 'next-intl/server';
import type { PortalGroup } from '@/lib/core/groups/hosted-portal';
import { formatMoney, isoCurrency } from '@/lib/money';
import { setScheduleAction } from './actions';
import { MAX_SCHEDULE_ROWS, minorToInput } from './schedule-fields';

type Props = { group: PortalGroup; locale: string };

/** The schedule (per-member amounts and the group's total per instalment) and, unless locked, the form that changes it. */
export async function PortalSchedule({ group, locale }: Props) {
  const t = await getTranslations('GroupPortal');
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/London' });
  const money = (amount: number) => formatMoney(amount, group.currency, locale);
  const rows = Array.from({ length: MAX_SCHEDULE_ROWS }, (_, index) => group.installments[index]);
  // The table stacks below 58.5rem (globals.css "Stacked tables"): four columns of dates and amounts do not fit 320 px.
  return (
    <section aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">{t('scheduleHeading')}</h2>
      {group.installments.length === 0 ? (
        <p data-testid="no-schedule">{t('noSchedule')}</p>
      ) : (
        <table className="stack-table" data-testid="portal-schedule">
          <thead>
            <tr>
              <th scope="col">{t('instalmentColumn')}</th>
              <th scope="col">{t('dueDate')}</th>
              <th scope="col">{t('amount')}</th>
              <th scope="col">{t('groupTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {group.installments.map((instalment) => (
              <tr key={instalment.id} data-testid="schedule-row">
                <th scope="row">{instalment.sequence}</th>
                <td data-label={t('dueDate')} data-testid="schedule-due">
                  {format.format(new Date(instalment.due_at))}
                </td>
                <td data-label={t('amount')} data-testid="schedule-amount">
                  {money(instalment.amount)}
                </td>
                <td data-label={t('groupTotal')}>{money(instalment.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {group.installments_locked ? (
        <p className="muted" data-testid="schedule-locked">
          {t('scheduleLockedNote')}
        </p>
      ) : (
        <form
          action={setScheduleAction}
          className="stack portal-schedule-form"
          data-testid="schedule-form"
          aria-labelledby="edit-schedule-heading"
        >
          <h3 id="edit-schedule-heading">{t('editScheduleHeading')}</h3>
          <p className="muted" id="schedule-hint">
            {t('scheduleHint')}
          </p>
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="groupId" value={group.id} />
          {rows.map((instalment, index) => (
            <fieldset
              key={index}
              className="portal-instalment"
              aria-describedby={index === 0 ? 'schedule-hint' : undefined}
            >
              <legend>{t('instalment', { sequence: index + 1 })}</legend>
              <div className="field">
                <label htmlFor={`due-${index + 1}`}>{t('dueDate')}</label>
                <input
                  id={`due-${index + 1}`}
                  name={`due_${index + 1}`}
                  type="date"
                  defaultValue={instalment?.due_at.slice(0, 10)}
                  data-testid={`schedule-due-${index + 1}`}
                />
              </div>
              <div className="field">
                <label htmlFor={`amount-${index + 1}`}>
                  {t('amountLabel', { currency: isoCurrency(group.currency) })}
                </label>
                <input
                  id={`amount-${index + 1}`}
                  name={`amount_${index + 1}`}
                  type="text"
                  inputMode="decimal"
                  pattern="[0-9]{1,7}([.,][0-9]{1,2})?"
                  defaultValue={instalment ? minorToInput(instalment.amount) : undefined}
                  data-testid={`schedule-amount-${index + 1}`}
                />
              </div>
            </fieldset>
          ))}
          <p>
            <button type="submit" data-testid="save-schedule">
              {t('saveSchedule')}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
