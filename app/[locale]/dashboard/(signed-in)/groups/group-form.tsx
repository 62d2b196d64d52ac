import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { currencyCodes } from '@/lib/core/enums';
import { MAX_INSTALMENTS } from '@/lib/core/groups/group-input';
import type { Kept } from '@/lib/http/kept-form-read';
import { createGroupAction } from './actions';

/** Rows shown at first; the rest wait in a <details> that opens without JavaScript. */
const MEMBER_ROWS = 4;
const INSTALMENT_ROWS = 3;
/**
 * Members the form takes in all: a whole coach party at once, because the leader may add only ten a day in their
 * view (group-limits.ts). Larger groups go through the API (up to MAX_MEMBERS) or are added over days.
 */
const MEMBER_ROWS_IN_ALL = 40;

/**
 * Create a group (the API's PUT /agent/payment-link-groups): the leader, the booking, members and a schedule.
 * Rows left blank are dropped; more members can be added later by the leader in their view. The action
 * parses the API's own schema (group-form-input.ts). `kept`: what a refused post had typed (lib/http/kept-form.ts),
 * each member and instalment row in its place (blank rows are posted too, so the n-th value is the n-th row).
 */
export async function GroupForm({ locale, kept }: { locale: string; kept: Kept }) {
  const t = await getTranslations({ locale, namespace: 'DashboardCollect.groupForm' });
  const f = await getTranslations({ locale, namespace: 'DashboardCollect.form' });
  const field = (
    id: string,
    name: string,
    label: string,
    type = 'text',
    extra: Record<string, unknown> = {},
    row?: number,
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete="off"
        defaultValue={row === undefined ? kept.text(name) : kept.nth(name, row)}
        {...extra}
      />
    </div>
  );
  const box = (name: string, label: string, on = false) => (
    <div className="choice-line">
      <input type="checkbox" id={`group-${name}`} name={name} defaultChecked={kept.checked(name, on)} />
      <label htmlFor={`group-${name}`}>{label}</label>
    </div>
  );
  const memberRow = (i: number) => (
    <fieldset key={i} className="collect-row">
      <legend>{t('member', { n: i + 1 })}</legend>
      {field(`member-${i}-name`, 'member_name', t('memberName'), 'text', {}, i)}
      {field(`member-${i}-email`, 'member_email', t('memberEmail'), 'email', {}, i)}
      {field(`member-${i}-amount`, 'member_amount', t('memberAmount'), 'text', { inputMode: 'decimal' }, i)}
    </fieldset>
  );
  const instalmentRow = (i: number) => (
    <fieldset key={i} className="collect-row">
      <legend>{t('instalment', { n: i + 1 })}</legend>
      {field(`instalment-${i}-amount`, 'instalment_amount', t('instalmentAmount'), 'text', { inputMode: 'decimal' }, i)}
      {field(`instalment-${i}-due`, 'instalment_due', t('instalmentDue'), 'date', {}, i)}
    </fieldset>
  );
  // The first rows, then the others behind a summary; open when a refused post had typed into one of them.
  const moreRows = (shown: number, all: number, name: string, summary: string, row: (i: number) => ReactNode) => {
    const hidden = Array.from({ length: all - shown }, (_, i) => shown + i);
    return (
      <>
        {Array.from({ length: shown }, (_, i) => row(i))}
        <details open={hidden.some((i) => kept.nth(name, i) !== '')} data-testid={`more-${name}`}>
          <summary>{summary}</summary>
          {hidden.map(row)}
        </details>
      </>
    );
  };
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
        <select id="group-currency" name="currency" defaultValue={kept.text('currency', 'GBX')}>
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
        {moreRows(
          MEMBER_ROWS,
          MEMBER_ROWS_IN_ALL,
          'member_name',
          t('moreMembers', { count: MEMBER_ROWS_IN_ALL }),
          memberRow,
        )}
      </fieldset>
      <fieldset>
        <legend>{t('schedule')}</legend>
        <p className="muted">{t('scheduleHint')}</p>
        {moreRows(
          INSTALMENT_ROWS,
          MAX_INSTALMENTS,
          'instalment_amount',
          t('moreInstalments', { count: MAX_INSTALMENTS }),
          instalmentRow,
        )}
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
        <select id="group-send-portal" name="send_portal_link" defaultValue={kept.text('send_portal_link')}>
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
