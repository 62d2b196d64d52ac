import { getTranslations } from 'next-intl/server';
import type { PortalGroup } from '@/lib/core/groups/hosted-portal';
import { isUuid } from '@/lib/core/shared/is-uuid';
import { formatMoney } from '@/lib/money';
import { memberListAction } from './actions';
import { portalPath } from './portal-paths';
import styles from './portal-glance.module.css';

type Props = { group: PortalGroup; memberId: unknown; locale: string };

/**
 * The confirmation step before a member is removed (issue 17 item 11). The table's "Remove" is a
 * link to `?remove={member}`, so this works without JavaScript: the page names the member and what
 * happens (their links stop working, queued automatic collections are cancelled, nothing was paid so
 * nothing is refunded) and only this form posts the removal; "Keep" goes back. A member who has paid
 * cannot be removed (the core refuses regardless): the page says so instead of offering the button.
 */
export async function PortalConfirmRemove({ group, memberId, locale }: Props) {
  if (typeof memberId !== 'string' || !isUuid(memberId)) return null;
  const member = group.members.find((m) => m.id === memberId.toLowerCase());
  const t = await getTranslations('GroupPortal');
  const back = portalPath(locale, group.id);
  if (!member || group.members_locked) {
    return (
      <p className="error-summary" role="alert" data-testid="confirm-remove-gone">
        {group.members_locked ? t('result_members_locked') : t('result_member_not_found')}
      </p>
    );
  }
  const name = member.customer_name;
  return (
    <section
      id="confirm-remove"
      className={`notice ${styles.confirm}`}
      aria-labelledby="confirm-remove-heading"
      data-testid="confirm-remove"
    >
      <h2 id="confirm-remove-heading">{t('confirmRemoveHeading', { name })}</h2>
      {member.paid_amount > 0 ? (
        <p>{t('confirmRemovePaid', { name, paid: formatMoney(member.paid_amount, group.currency, locale) })}</p>
      ) : (
        <>
          <p>{t('confirmRemoveLinks', { name })}</p>
          <p>{t(member.auto_collect ? 'confirmRemoveCollections' : 'confirmRemoveNothingPaid', { name })}</p>
          <form action={memberListAction} className={styles.actions}>
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="groupId" value={group.id} />
            <button type="submit" name="op" value={`remove:${member.id}`} data-testid="confirm-remove-button">
              {t('confirmRemoveButton', { name })}
            </button>
            <a href={back} className={styles.linkButton} data-testid="cancel-remove">
              {t('keepMember', { name })}
            </a>
          </form>
        </>
      )}
      {member.paid_amount > 0 && (
        <p>
          <a href={back}>{t('backToPortal')}</a>
        </p>
      )}
    </section>
  );
}
