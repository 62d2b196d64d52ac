import { getFormatter, getTranslations } from 'next-intl/server';
import { currentClock } from '@/lib/sandbox/clock-control';
import { testClockAction } from './sandbox-clock-actions';

const statuses = ['moved', 'reset', 'too_far', 'invalid'] as const;
type Status = (typeof statuses)[number];
export const clockStatus = (value: unknown): Status | null =>
  (statuses as readonly unknown[]).includes(value) ? (value as Status) : null;

/**
 * The sandbox test clock on the home page: the service's time and how far it
 * runs ahead of real time, and buttons that move it (sandbox mode only; the
 * home page renders this only there).
 */
export async function SandboxClock({ locale, status }: { locale: string; status: Status | null }) {
  const t = await getTranslations('SandboxClock');
  const format = await getFormatter();
  const clock = await currentClock();
  const offset = clock.offset_seconds;
  const parts = {
    days: Math.floor(offset / 86_400),
    hours: Math.floor((offset % 86_400) / 3600),
    minutes: Math.floor((offset % 3600) / 60),
  };
  return (
    <section aria-labelledby="test-clock" data-testid="test-clock">
      <h2 id="test-clock">{t('heading')}</h2>
      <p>{t('intro')}</p>
      {status && (
        <p className="notice" role="status" data-testid="clock-status">
          {t(`status_${status}`)}
        </p>
      )}
      <dl className="checkout-details">
        <dt>{t('now')}</dt>
        <dd data-testid="clock-now">
          {format.dateTime(new Date(clock.now), { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' })}
        </dd>
        <dt>{t('offset')}</dt>
        <dd data-testid="clock-offset">{offset === 0 ? t('realTime') : t('offsetValue', parts)}</dd>
      </dl>
      <form action={testClockAction} className="stack" data-testid="clock-form">
        <input type="hidden" name="locale" value={locale} />
        <div className="row" role="group" aria-label={t('forwardGroup')}>
          <button type="submit" name="move" value="1h">
            {t('forwardHour')}
          </button>
          <button type="submit" name="move" value="1d">
            {t('forwardDay')}
          </button>
          <button type="submit" name="move" value="7d">
            {t('forwardWeek')}
          </button>
        </div>
        <p>
          <button type="submit" name="move" value="reset" className="secondary">
            {t('reset')}
          </button>
        </p>
      </form>
      {/* Its own form, so that Enter in the amount field moves by that amount, not by the first preset. */}
      <form action={testClockAction} data-testid="clock-custom-form">
        <input type="hidden" name="locale" value={locale} />
        <fieldset className="clock-controls">
          <legend>{t('customLegend')}</legend>
          <div className="field">
            <label htmlFor="clock-amount">{t('customAmount')}</label>
            <input id="clock-amount" name="amount" type="number" min={1} inputMode="numeric" />
          </div>
          <div className="field">
            <label htmlFor="clock-unit">{t('customUnit')}</label>
            <select id="clock-unit" name="unit" defaultValue="hours">
              <option value="minutes">{t('unitMinutes')}</option>
              <option value="hours">{t('unitHours')}</option>
              <option value="days">{t('unitDays')}</option>
            </select>
          </div>
          <button type="submit" name="move" value="custom">
            {t('customButton')}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
