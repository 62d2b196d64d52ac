import { getTranslations } from 'next-intl/server';
import { currencyCodes } from '@/lib/core/enums';
import { createGroupAction } from './actions';

const MEMBER_ROWS = 4;
const INSTALMENT_ROWS = 3;

/**
 * Create a group (the API's PUT /agent/payment-link-groups): the leader, the booking, members and a schedule.
 * Rows left blank are dropped; more members can be added later by the leader in their view. The action
 * parses the API's own schema (group-form-input.ts).
 */
export async function GroupForm({ locale }: { locale: string }) {
  const t = await getTranslations({ locale, namespace: 'DashboardCollect.groupForm' });
  const f = await getTranslations({ locale, namespace: 'DashboardCollect.form' });
  const field = (id: string, name: string, label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} autoComplete="off" {...extra} />
    </div>
  );
  const box = (name: string, label: string, on = false) => (
    <div className="choice-line">
      <input type="checkbox" id={`group-${name}`} name={name} defaultChecked={on} />
      <label htmlFor={`group-${name}`}>{label}</label>
    </div>
  );
  return (
    <form action={createGroupAction} className="stack narrow collect-form" data-testid="create-group-form">
      <input type="hidden" name="locale" value={locale} />
      {field('group-lead-name', 'lead_name', t('leadName'), 'text', { required: true })}
      {field('group-lead-email', 'lead_email', t('leadEmail'), 'email', { required: true })}
      {field('group-name', 'name', t('name'))}
      {field('group-reference', 'booking_reference', t('bookingReference'), 'text', {
        'aria-describedby': 'group-booking-hint',
      })}
      {field('group-booking', 'booking_id', f('bookingId'), 'text', { 'aria-describedby': 'group-booking-hint' })}
      <p className="muted" id="group-booking-hint">
        {t('bookingHint')}
      </p>
      <div className="field">
        <label htmlFor="group-currency">{f('currency')}</label>
        <select id="group-currency" name="currency" defaultValue="GBX">
          {currencyCodes.map((code) => (
            <option key={code} value={code}>
              {f(`currency_${code}`)}
            </option>
          ))}
        </select>
      </div>
      {field('group-description', 'description', f('description'), 'text', { maxLength: 500 })}
      {field('group-expires', 'expires_at', t('linksExpire'), 'date')}
      <fieldset>
        <legend>{t('members')}</legend>
        <p className="muted">{t('membersHint')}</p>
        {Array.from({ length: MEMBER_ROWS }, (_, i) => (
          <fieldset key={i} className="collect-row">
            <legend>{t('member', { n: i + 1 })}</legend>
            {field(`member-${i}-name`, 'member_name', t('memberName'))}
            {field(`member-${i}-email`, 'member_email', t('memberEmail'), 'email')}
            {field(`member-${i}-amount`, 'member_amount', t('memberAmount'), 'text', { inputMode: 'decimal' })}
          </fieldset>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('schedule')}</legend>
        <p className="muted">{t('scheduleHint')}</p>
        {Array.from({ length: INSTALMENT_ROWS }, (_, i) => (
          <fieldset key={i} className="collect-row">
            <legend>{t('instalment', { n: i + 1 })}</legend>
            {field(`instalment-${i}-amount`, 'instalment_amount', t('instalmentAmount'), 'text', {
              inputMode: 'decimal',
            })}
            {field(`instalment-${i}-due`, 'instalment_due', t('instalmentDue'), 'date')}
          </fieldset>
        ))}
      </fieldset>
      <fieldset>
        <legend>{f('options')}</legend>
        {box('card_enabled', f('card'), true)}
        {box('open_banking_enabled', f('openBanking'))}
        {box('members_locked', t('membersLocked'))}
        {box('installments_locked', t('instalmentsLocked'))}
      </fieldset>
      <div className="field">
        <label htmlFor="group-send-portal">{t('sendPortal')}</label>
        <select id="group-send-portal" name="send_portal_link" defaultValue="">
          <option value="">{t('sendPortalDefault')}</option>
          <option value="yes">{t('sendPortalYes')}</option>
          <option value="no">{t('sendPortalNo')}</option>
        </select>
      </div>
      <div>
        <button type="submit">{t('create')}</button>
      </div>
    </form>
  );
}
