import { getTranslations } from 'next-intl/server';
import { memberListAction } from './actions';
import { isPortalResult, isSuccess, type PortalResult } from './portal-paths';

type Query = Record<string, string | string[] | undefined>;
type Props = { query: Query; memberName: string | null; locale: string; groupId: string };

const number = (value: unknown) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : 0);
const SKIP_REASONS = ['paid', 'no_email', 'awaiting_approval', 'rate_limited', 'auto_collect'] as const;

/**
 * What the last action did (a status) or why it did nothing (an alert), from the action's 303
 * (`?result=`, counts, the member's id: portal-action.ts). A status names what changed: the member
 * ("Ada Lovelace was removed", the name looked up in this group: hostedPortal's noticeMember), how many
 * links went and why the others did not, how many instalments the schedule has. It is in the page's
 * HTML, so it shows and is announced (role=status, or alert) with or without JavaScript. A schedule
 * change that replaced members' links (`replaced`: how many members) offers to send the new links at
 * once: the member list's own "send to all" (the old links still lead to the new ones).
 */
export async function PortalNotice({ query, memberName, locale, groupId }: Props) {
  const result = query.result;
  if (!isPortalResult(result)) return null;
  const t = await getTranslations('GroupPortal');
  const text = await noticeText(result, query, memberName, locale);
  if (!isSuccess(result)) {
    return (
      <p className="error-summary" role="alert" data-testid="portal-result" data-result={result}>
        {text}
      </p>
    );
  }
  const replaced = result === 'schedule_saved' ? number(query.replaced) : 0;
  return (
    <div className="notice" role="status" data-testid="portal-result" data-result={result}>
      <p>{text}</p>
      {replaced > 0 && (
        <form action={memberListAction} className="stack" data-testid="send-new-links">
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="groupId" value={groupId} />
          <p>{t('newLinksNotice', { count: replaced })}</p>
          <p>
            <button type="submit" name="op" value="send:all" data-testid="send-new-links-button">
              {t('sendNewLinks')}
            </button>
          </p>
        </form>
      )}
    </div>
  );
}

async function noticeText(result: PortalResult, query: Query, name: string | null, locale: string) {
  const t = await getTranslations('GroupPortal');
  const count = number(query.count);
  if (result === 'member_added' && name) return t('result_member_added_named', { name });
  if (result === 'member_removed' && name) return t('result_member_removed_named', { name });
  if (result === 'schedule_saved' && query.count !== undefined) return t('result_schedule_saved_count', { count });
  if (result !== 'links_sent') return t(`result_${result}`, { count, skipped: number(query.skipped) });
  const sent = name && count === 1 ? t('result_link_sent_named', { name }) : t('result_links_sent_to', { count });
  const skips = SKIP_REASONS.map((reason) => [reason, number(query[`skip_${reason}`])] as const).filter(([, n]) => n);
  if (skips.length === 0) return sent;
  const skipped = skips.reduce((sum, [, n]) => sum + n, 0);
  // One reason reads "1 skipped: already paid"; several give their counts ("already paid (2) and no email address (1)").
  const reasons = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    skips.map(([reason, n]) =>
      skips.length === 1 ? t(`skip_${reason}`) : t('skipReasonCount', { reason: t(`skip_${reason}`), count: n }),
    ),
  );
  return `${sent} ${t('result_skipped', { count: skipped, reasons })}`;
}
