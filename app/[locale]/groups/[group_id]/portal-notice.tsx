import { getTranslations } from 'next-intl/server';
import { isPortalResult, isSuccess } from './portal-paths';

type Props = { result: unknown; count: unknown; skipped: unknown };

const number = (value: unknown) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : 0);

/** What the last action did (a status) or why it did nothing (an alert), from the action's 303 (`?result=`). */
export async function PortalNotice({ result, count, skipped }: Props) {
  if (!isPortalResult(result)) return null;
  const t = await getTranslations('GroupPortal');
  const text = t(`result_${result}`, { count: number(count), skipped: number(skipped) });
  return isSuccess(result) ? (
    <p className="notice" role="status" data-testid="portal-result" data-result={result}>
      {text}
    </p>
  ) : (
    <p className="error-summary" role="alert" data-testid="portal-result" data-result={result}>
      {text}
    </p>
  );
}
