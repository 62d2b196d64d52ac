import { getTranslations } from 'next-intl/server';
import { forbidden } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { AUDIT_PAGE, auditFor } from '@/lib/core/staff/records-request';
import { londonDateTime } from '@/lib/i18n/date-format';
import { requireStaff } from '../../staff-session';
import { filterQuery, Pager } from '../list-pager';
import { signInMethods, typeKey, wordedAuditTypes } from './audit-words';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | undefined>> };

/**
 * The audit trail (organisation:audit): GET /agent/audit's list and filters (keyword in the type, one user,
 * the child organisations too), newest first, 25 a page, each record worded; a sign-in says its method.
 */
export default async function AuditPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'organisation:audit')) forbidden();
  const t = await getTranslations({ locale, namespace: 'DashboardRecords.audit' });
  const query = await searchParams;
  const { input, page } = await auditFor(staff, query);
  const base = dashboardPath(locale, '/audit');
  const filters = { keyword: input.keyword, user: input.user, children: query.children === '1' ? '1' : undefined };
  const userName = page.items.find((item) => item.user.id === input.user)?.user.name;
  return (
    <main>
      <h1>{t('title')}</h1>
      <form method="get" action={base} className="row records-filters" role="search" aria-label={t('filters')}>
        <div className="field">
          <label htmlFor="audit-keyword">{t('keyword')}</label>
          <input id="audit-keyword" name="keyword" type="search" defaultValue={input.keyword ?? ''} maxLength={200} />
        </div>
        {input.user && <input type="hidden" name="user" value={input.user} />}
        <div className="field checkbox">
          <input
            id="audit-children"
            name="children"
            type="checkbox"
            value="1"
            defaultChecked={query.children === '1'}
          />
          <label htmlFor="audit-children">{t('children')}</label>
        </div>
        <button type="submit">{t('filter')}</button>
      </form>
      {input.user && (
        <p data-testid="audit-user-filter">
          {t('onlyUser', { name: userName ?? input.user })} <a href={base}>{t('clear')}</a>
        </p>
      )}
      {page.items.length === 0 ? (
        <p data-testid="audit-empty">{t('empty')}</p>
      ) : (
        <table className="stack-table" data-testid="audit-list">
          <thead>
            <tr>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('what')}</th>
              <th scope="col">{t('organisation')}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((item) => {
              const who = item.user.name ?? item.user.email ?? t('someone');
              const words =
                item.type === 'staff:sign-in'
                  ? t(
                      `signIn.${item.method && signInMethods.has(item.method) ? typeKey(item.method) : 'unknown'}` as 'title',
                      { who },
                    )
                  : wordedAuditTypes.has(item.type)
                    ? t(`types.${typeKey(item.type)}` as 'title', { who })
                    : t('other', { who, type: item.type });
              return (
                <tr key={item.id} data-testid="audit-row" data-type={item.type} data-method={item.method ?? undefined}>
                  <td data-label={t('when')}>{londonDateTime(new Date(item.created_at), locale)}</td>
                  <td data-label={t('what')}>
                    {words}
                    {item.user.id && item.user.id !== input.user && (
                      <>
                        {' '}
                        <a href={`${base}?${new URLSearchParams({ user: item.user.id })}`}>
                          {t('byUser', { name: who })}
                        </a>
                      </>
                    )}
                  </td>
                  <td data-label={t('organisation')}>{item.organisation.name}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager
        locale={locale}
        base={base}
        query={filterQuery(filters)}
        page={input.skip / AUDIT_PAGE + 1}
        take={AUDIT_PAGE}
        total={page.total}
        shown={page.items.length}
        hasMore={page.hasMore}
      />
    </main>
  );
}
