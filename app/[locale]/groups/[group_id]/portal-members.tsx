import { getTranslations } from 'next-intl/server';
import type { PortalGroup, PortalMember } from '@/lib/core/groups/hosted-portal';
import { behindFirst, memberProgress } from '@/lib/core/groups/portal-progress';
import { formatMoney, isoCurrency } from '@/lib/money';
import { addMemberAction, memberListAction } from './actions';
import { CopyLinks } from './copy-links';
import styles from './portal-glance.module.css';
import { portalPath } from './portal-paths';
import { ProgressBar } from './portal-progress';

type Props = { group: PortalGroup; locale: string };

/**
 * The members as one table (a row each: name and email, status, share, paid,
 * remaining, next due date, automatic collection, their next link); the
 * leader sends links, removes members who have paid nothing, and adds members,
 * unless the organiser locked the list. One form holds every row's buttons, so
 * a 200-member group does not repeat the form's fields 200 times; one client
 * component (CopyLinks) serves every row's copy button. The markup is kept
 * lean on purpose (a 200-member page is rendered twice, as HTML and as React's
 * flight data): the buttons name their member in `aria-label`, and test ids
 * are only where tests read. Members who are behind come first (overdue, then still paying, then
 * paid: behindFirst), each with a progress bar beside their status (the row's amounts say it in text).
 * "Remove" is a link to the confirmation step (portal-confirm-remove.tsx), not the removal itself.
 */
export async function PortalMembers({ group, locale }: Props) {
  const t = await getTranslations('GroupPortal');
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/London' });
  const money = (amount: number) => formatMoney(amount, group.currency, locale);
  const status = { paid: t('status_paid'), outstanding: t('status_outstanding'), overdue: t('status_overdue') };
  const texts = {
    noneDue: t('noneDue'),
    on: t('autoCollectOn'),
    off: t('autoCollectOff'),
    noEmail: t('noEmail'),
    send: t('sendLink'),
    remove: t('removeMember'),
    paidStays: t('cannotRemovePaid'),
    copy: t('copyLink'),
  };
  const removeHref = (id: string) => `${portalPath(locale, group.id)}?remove=${id}#confirm-remove`;
  // Column names for the stacked rows of a narrow screen (globals.css, "Stacked tables"): each cell shows its own.
  const label = {
    status: t('statusColumn'),
    share: t('memberShare'),
    paid: t('memberPaid'),
    remaining: t('memberRemaining'),
    due: t('nextDue'),
    auto: t('autoCollect'),
    link: t('memberLink'),
  };
  const row = (member: PortalMember) => (
    <tr key={member.id} data-testid="portal-member" data-status={member.status}>
      <th scope="row">
        <span data-testid="member-name">{member.customer_name}</span>
        <span className="muted portal-email">{member.email ?? texts.noEmail}</span>
        {!group.members_locked &&
          (member.paid_amount === 0 ? (
            <a
              href={removeHref(member.id)}
              className={styles.linkButton}
              data-testid="remove-member"
              aria-label={`${texts.remove} ${member.customer_name}`}
            >
              {texts.remove}
            </a>
          ) : (
            <span className="muted portal-email">{texts.paidStays}</span>
          ))}
      </th>
      <td data-label={label.status}>
        <span className={`portal-status portal-status-${member.status}`} data-testid="member-status">
          {status[member.status]}
        </span>
        <ProgressBar progress={memberProgress(member)} />
        {member.status === 'overdue' && (
          <span className={styles.memberOverdue} data-testid="member-overdue">
            {t('memberOverdueAmount', { amount: money(member.overdue_amount) })}
          </span>
        )}
      </td>
      <td data-label={label.share} data-testid="member-amount">
        {money(member.amount)}
      </td>
      <td data-label={label.paid}>{money(member.paid_amount)}</td>
      <td data-label={label.remaining} data-testid="member-remaining">
        {money(member.remaining)}
      </td>
      <td data-label={label.due}>{member.next_due_at ? format.format(new Date(member.next_due_at)) : texts.noneDue}</td>
      <td data-label={label.auto}>{member.auto_collect ? texts.on : texts.off}</td>
      <td data-label={label.link}>
        {member.next_link_url && (
          <>
            <span className="portal-link" data-testid="member-link">
              {member.next_link_url}
            </span>
            {member.email && (
              <button
                type="submit"
                name="op"
                value={`send:${member.id}`}
                className="secondary"
                data-testid="send-link"
                aria-label={`${texts.send} ${member.customer_name}`}
              >
                {texts.send}
              </button>
            )}
            <button
              type="button"
              className="secondary"
              data-copy-link=""
              hidden
              data-testid="copy-link"
              aria-label={`${texts.copy} ${member.customer_name}`}
            >
              {texts.copy}
            </button>
          </>
        )}
      </td>
    </tr>
  );
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">{t('membersHeading')}</h2>
      <form action={memberListAction} className="stack">
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="groupId" value={group.id} />
        {group.members.length > 0 && (
          <p>
            <button type="submit" name="op" value="send:all" data-testid="send-all">
              {t('sendAll')}
            </button>
          </p>
        )}
        {group.members.length === 0 ? (
          <p data-testid="no-members">{t('noMembers')}</p>
        ) : (
          // A table where it fits, stacked rows below (globals.css); focusable so a keyboard can scroll it should it overflow.
          <div className="portal-members" role="region" aria-labelledby="members-heading" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('nameLabel')}</th>
                  <th scope="col">{t('statusColumn')}</th>
                  <th scope="col">{t('memberShare')}</th>
                  <th scope="col">{t('memberPaid')}</th>
                  <th scope="col">{t('memberRemaining')}</th>
                  <th scope="col">{t('nextDue')}</th>
                  <th scope="col">{t('autoCollect')}</th>
                  <th scope="col">{t('memberLink')}</th>
                </tr>
              </thead>
              <tbody>{behindFirst(group.members).map(row)}</tbody>
            </table>
          </div>
        )}
      </form>
      {group.members.length > 0 && <CopyLinks copiedLabel={t('copied')} failedLabel={t('copyFailed')} />}
      {group.members_locked ? (
        <p className="muted" data-testid="members-locked">
          {t('membersLockedNote')}
        </p>
      ) : (
        <AddMemberForm groupId={group.id} locale={locale} currency={isoCurrency(group.currency)} />
      )}
    </section>
  );
}

async function AddMemberForm({ groupId, locale, currency }: { groupId: string; locale: string; currency: string }) {
  const t = await getTranslations('GroupPortal');
  return (
    <form
      action={addMemberAction}
      className="stack portal-add-member"
      data-testid="add-member-form"
      aria-labelledby="add-member-heading"
    >
      <h3 id="add-member-heading">{t('addMemberHeading')}</h3>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="groupId" value={groupId} />
      <div className="field">
        <label htmlFor="member-name">{t('nameLabel')}</label>
        <input id="member-name" name="customer_name" type="text" required maxLength={255} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="member-email">{t('emailLabel')}</label>
        <input id="member-email" name="email" type="email" maxLength={320} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="member-amount">{t('amountLabel', { currency })}</label>
        <input
          id="member-amount"
          name="amount"
          type="text"
          inputMode="decimal"
          required
          pattern="[0-9]{1,7}([.,][0-9]{1,2})?"
          aria-describedby="member-amount-hint"
        />
        <p id="member-amount-hint" className="muted">
          {t('amountHint')}
        </p>
      </div>
      <p>
        <button type="submit" data-testid="add-member">
          {t('addMemberButton')}
        </button>
      </p>
    </form>
  );
}
