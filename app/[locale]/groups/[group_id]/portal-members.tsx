import { getTranslations } from 'next-intl/server';
import type { PortalGroup, PortalMember } from '@/lib/core/groups/hosted-portal';
import { formatMoney, isoCurrency } from '@/lib/money';
import { addMemberAction, memberListAction } from './actions';
import { CopyLinkButton } from './copy-link-button';

type Props = { group: PortalGroup; locale: string };

/**
 * The members, each with status, amounts, next due date, automatic collection
 * and their next link (as text, and a copy button once JavaScript runs); the
 * leader sends links, removes members who have paid nothing, and adds members,
 * unless the organiser locked the list. One form holds every row's buttons, so
 * a 200-member group does not repeat the form's fields 200 times.
 */
export async function PortalMembers({ group, locale }: Props) {
  const t = await getTranslations('GroupPortal');
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/London' });
  const money = (amount: number) => formatMoney(amount, group.currency, locale);
  const texts = {
    status: { paid: t('status_paid'), outstanding: t('status_outstanding'), overdue: t('status_overdue') },
    share: t('memberShare'), paid: t('memberPaid'), remaining: t('memberRemaining'), nextDue: t('nextDue'), noneDue: t('noneDue'),
    autoCollect: t('autoCollect'), on: t('autoCollectOn'), off: t('autoCollectOff'), email: t('email'), noEmail: t('noEmail'), link: t('memberLink'),
    send: t('sendLink'), remove: t('removeMember'), paidStays: t('cannotRemovePaid'),
    copy: t('copyLink'), copied: t('copied'), copyFailed: t('copyFailed'),
  };
  const row = (member: PortalMember) => (
    <li key={member.id} className="card portal-member" data-testid="portal-member" data-member-id={member.id} data-status={member.status}>
      <h3 className="portal-member-name">
        <span data-testid="member-name">{member.customer_name}</span>{' '}
        <span className={`portal-status portal-status-${member.status}`} data-testid="member-status">{texts.status[member.status]}</span>
      </h3>
      <dl>
        <dt>{texts.email}</dt><dd>{member.email ?? texts.noEmail}</dd>
        <dt>{texts.share}</dt><dd data-testid="member-amount">{money(member.amount)}</dd>
        <dt>{texts.paid}</dt><dd data-testid="member-paid">{money(member.paid_amount)}</dd>
        <dt>{texts.remaining}</dt><dd data-testid="member-remaining">{money(member.remaining)}</dd>
        <dt>{texts.nextDue}</dt><dd data-testid="member-next-due">{member.next_due_at ? format.format(new Date(member.next_due_at)) : texts.noneDue}</dd>
        <dt>{texts.autoCollect}</dt><dd data-testid="member-auto-collect">{member.auto_collect ? texts.on : texts.off}</dd>
        {member.next_link_url && (<><dt>{texts.link}</dt><dd className="portal-link" data-testid="member-link">{member.next_link_url}</dd></>)}
      </dl>
      <div className="row portal-member-actions">
        {member.next_link_url && member.email && (
          <button type="submit" name="op" value={`send:${member.id}`} className="secondary" data-testid="send-link">
            {texts.send}<span className="visually-hidden"> {member.customer_name}</span>
          </button>
        )}
        {member.next_link_url && <CopyLinkButton url={member.next_link_url} label={texts.copy} copiedLabel={texts.copied} failedLabel={texts.copyFailed} testId="copy-link" />}
        {!group.members_locked && (member.paid_amount === 0
          ? (
            <button type="submit" name="op" value={`remove:${member.id}`} className="secondary" data-testid="remove-member">
              {texts.remove}<span className="visually-hidden"> {member.customer_name}</span>
            </button>
          )
          : <span className="muted">{texts.paidStays}</span>)}
      </div>
    </li>
  );
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">{t('membersHeading')}</h2>
      <form action={memberListAction} className="stack">
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="groupId" value={group.id} />
        {group.members.length > 0 && (
          <p><button type="submit" name="op" value="send:all" data-testid="send-all">{t('sendAll')}</button></p>
        )}
        {group.members.length === 0 ? <p data-testid="no-members">{t('noMembers')}</p> : <ul className="portal-members">{group.members.map(row)}</ul>}
      </form>
      {group.members_locked
        ? <p className="muted" data-testid="members-locked">{t('membersLockedNote')}</p>
        : <AddMemberForm groupId={group.id} locale={locale} currency={isoCurrency(group.currency)} />}
    </section>
  );
}

async function AddMemberForm({ groupId, locale, currency }: { groupId: string; locale: string; currency: string }) {
  const t = await getTranslations('GroupPortal');
  return (
    <form action={addMemberAction} className="stack portal-add-member" data-testid="add-member-form" aria-labelledby="add-member-heading">
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
        <input id="member-amount" name="amount" type="text" inputMode="decimal" required pattern="[0-9]{1,7}([.,][0-9]{1,2})?" aria-describedby="member-amount-hint" />
        <p id="member-amount-hint" className="muted">{t('amountHint')}</p>
      </div>
      <p><button type="submit" data-testid="add-member">{t('addMemberButton')}</button></p>
    </form>
  );
}
