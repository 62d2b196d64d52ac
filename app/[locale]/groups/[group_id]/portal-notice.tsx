import { getTranslations } from 'next-intl/server';
import { memberListAction } from './actions';
import { isPortalResult, isSuccess } from './portal-paths';

type Props = { result: unknown; count: unknown; skipped: unknown; locale: string; groupId: string };

const number = (value: unknown) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : 0);

/**
 * What the last action did (a status) or why it did nothing (an alert), from the action's 303 (`?result=`).
 * A schedule change that replaced members' links (`count`: how many members) offers to send the new
 * links at once: the member list's own "send to all" (the old links still lead to the new ones).
 */
export async function PortalNotice({ result, count, skipped, locale, groupId }: Props) {
  if (!isPortalResult(result)) return null;
  const t = await getTranslations('GroupPortal');
  const text = t(`result_${result}`, { count: number(count), skipped: number(skipped) });
  if (!isSuccess(result)) {
    return (
      <p className="error-summary" role="alert" data-testid="portal-result" data-result={result}>
        {text}
      </p>
    );
  }
  const replaced = result === 'schedule_saved' ? number(count) : 0;
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
