import { getTranslations } from 'next-intl/server';

type Props = {
  locale: string;
  /** The page's own namespace (`Dashboard.users`, `DashboardBookings.list`): its `result_{code}` and `error_{code}` words. */
  namespace: string;
  /** The page's query: the 303 of dashboardAction carries `result` or `error` (lib/http/dashboard-action.ts). */
  query: { result?: string; error?: string };
  testId: string;
};

/**
 * What became of the action a page's form posted, worded by the page: `?result=code` is a status
 * notice (`result_code` in the page's namespace), `?error=area.code` an alert (`error_area_code` in
 * the page's namespace, else in Dashboard.errors, else the generic words). Only codes travel in the
 * address, so nothing a user typed is echoed back; an unknown code shows nothing (or the generic error).
 */
export async function ActionNotice({ locale, namespace, query, testId }: Props) {
  const page = await getTranslations({ locale, namespace: namespace as 'Dashboard' });
  const shared = await getTranslations({ locale, namespace: 'Dashboard.errors' });
  const result = query.result && /^[\w-]{1,60}$/.test(query.result) ? `result_${query.result}` : null;
  if (result && page.has(result as 'title'))
    return (
      <p className="notice" role="status" data-testid={`${testId}-result`}>
        {page(result as 'title')}
      </p>
    );
  if (!query.error) return null;
  const key = query.error.replace(/[^\w]/g, '_').slice(0, 80);
  const words = page.has(`error_${key}` as 'title')
    ? page(`error_${key}` as 'title')
    : shared.has(key as 'generic')
      ? shared(key as 'generic')
      : shared('generic');
  return (
    <div className="error-summary" role="alert" data-testid={`${testId}-error`}>
      <h2>{shared('title')}</h2>
      <p>{words}</p>
    </div>
  );
}
