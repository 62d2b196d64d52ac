import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { getGroup } from '@/lib/core/groups/get-group';
import { isUuid } from '@/lib/core/shared/is-uuid';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/http/app-error';
import { londonDate } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';
import { requireStaff } from '../../../staff-session';
import { ActionNotice } from '../../action-notice';
import { autoCollectOffAction, sendGroupLinksAction } from '../actions';
import { readSendOutcome } from '../send-outcome';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<{ result?: string; error?: string; sent?: string; skipped?: string; total?: string }>;
};

/**
 * One group as GET /agent/payment-link-groups/{id} shows it: the schedule, the members and who paid, the
 * leader's view (its portal_url, which carries the leader's token: staff open it as the leader would), send
 * every member their next link, and turn a member's automatic collection off.
 */
export default async function GroupPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  const staff = await requireStaff(locale);
  if (!isUuid(id)) notFound();
  const group = await getGroup(await getDb(), staff, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  const t = await getTranslations({ locale, namespace: 'DashboardCollect.group' });
  const g = await getTranslations({ locale, namespace: 'DashboardCollect.groups' });
  const query = await searchParams;
  const money = (amount: number) => formatMoney(amount, group.currency, locale);
  const canChange = hasRole(staff, 'booking-and-payment:create:payment');
  // After "send links": each member named with what became of them (send-outcome.ts).
  const outcome =
    query.result === 'links-sent' || query.result === 'nothing-sent' ? readSendOutcome(query, group.members) : null;
  return (
    <main>
      <p>
        <a href={dashboardPath(locale, '/groups')}>{t('back')}</a>
      </p>
      <h1>{t('title', { name: group.name ?? group.lead_name })}</h1>
      <ActionNotice locale={locale} namespace="DashboardCollect.group" query={query} testId="group" />
      {outcome && (
        <section aria-labelledby="send-outcome-title" data-testid="send-outcome">
          <h2 id="send-outcome-title">{t('sendOutcomeTitle')}</h2>
          <ul>
            {outcome.sent.map((member) => (
              <li key={member.id} data-testid="send-outcome-sent">
                {t('sentTo', { name: member.customer_name })}
              </li>
            ))}
            {outcome.skipped.map(({ member, reason }) => (
              <li key={member.id} data-testid="send-outcome-skipped" data-reason={reason}>
                {t(`skipped_${reason}`, { name: member.customer_name })}
              </li>
            ))}
          </ul>
          {outcome.unlisted > 0 && <p>{t('unlisted', { count: outcome.unlisted })}</p>}
        </section>
      )}
      <dl className="collect-facts">
        <dt>{t('leader')}</dt>
        <dd>
          {group.lead_name} ({group.lead_email})
        </dd>
        <dt>{g('booking')}</dt>
        <dd>{group.booking.booking_reference}</dd>
        <dt>{g('paid')}</dt>
        <dd data-testid="group-paid">
          {g('amountPaid', { paid: money(group.totals.amounts.paid), total: money(group.totals.amounts.total) })}
        </dd>
        <dt>{g('paidMembers')}</dt>
        <dd>{g('membersPaid', { paid: group.totals.members.paid, total: group.totals.members.total })}</dd>
        <dt>{t('linksExpire')}</dt>
        <dd>{londonDate(new Date(group.expires_at), locale)}</dd>
      </dl>
      <p>
        <a href={group.portal_url} data-testid="group-leader-view" target="_blank" rel="noopener">
          {t('leaderView')} <span className="visually-hidden">{t('newTab')}</span>
        </a>
      </p>
      <h2>{t('schedule')}</h2>
      {group.installments.length === 0 ? (
        <p>{t('noSchedule')}</p>
      ) : (
        <ol data-testid="group-schedule">
          {group.installments.map((instalment) => (
            <li key={instalment.id}>
              {t('instalmentLine', {
                amount: money(instalment.amount),
                date: londonDate(new Date(instalment.due_at), locale),
              })}
            </li>
          ))}
        </ol>
      )}
      <h2>{t('members')}</h2>
      <table className="stack-table" data-testid="group-members">
        <caption className="visually-hidden">{t('members')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('member')}</th>
            <th scope="col">{t('owes')}</th>
            <th scope="col">{g('paid')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('autoCollect')}</th>
          </tr>
        </thead>
        <tbody>
          {group.members.map((member) => (
            <tr key={member.id} data-testid="member-row">
              <td data-label={t('member')}>
                {member.customer_name}
                {member.email && <span className="muted"> {member.email}</span>}
              </td>
              <td data-label={t('owes')}>{money(member.amount)}</td>
              <td data-label={g('paid')}>{money(member.paid_amount)}</td>
              <td data-label={t('status')} data-testid="member-status">
                {t(`status_${member.status}`)}
              </td>
              <td data-label={t('autoCollect')}>
                {member.auto_collect ? t('on') : t('off')}
                {member.auto_collect && canChange && (
                  <form action={autoCollectOffAction}>
                    <input type="hidden" name="locale" value={locale} />
                    <input type="hidden" name="id" value={group.id} />
                    <input type="hidden" name="member" value={member.id} />
                    <button type="submit" className="secondary">
                      {t('turnOff', { name: member.customer_name })}
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canChange && (
        <form action={sendGroupLinksAction} data-testid="send-group-links">
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="id" value={group.id} />
          <p className="muted">{t('sendHint')}</p>
          <button type="submit">{t('send')}</button>
        </form>
      )}
    </main>
  );
}
