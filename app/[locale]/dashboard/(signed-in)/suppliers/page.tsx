import { getTranslations } from 'next-intl/server';
import { forbidden } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { RECORDS_PAGE, suppliersFor } from '@/lib/core/staff/records-request';
import { londonDate } from '@/lib/i18n/date-format';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { createSupplierAction } from '../customers/actions';
import { filterQuery, Pager } from '../list-pager';
import { RecordsSearch } from '../records-search';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | undefined>> };

/** Suppliers (suppliers:manage): GET /agent/suppliers (search by name), and create. */
export default async function SuppliersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'suppliers:manage')) forbidden();
  const t = await getTranslations({ locale, namespace: 'DashboardRecords.suppliers' });
  const query = await searchParams;
  const { input, page } = await suppliersFor(staff, query);
  const base = dashboardPath(locale, '/suppliers');
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardRecords.suppliers" query={query} testId="suppliers" />
      <RecordsSearch locale={locale} action={base} keyword={input.keyword} label={t('search')} idPrefix="suppliers" />
      {page.items.length === 0 ? (
        <p data-testid="suppliers-empty">{input.keyword ? t('noMatch') : t('empty')}</p>
      ) : (
        <table className="stack-table" data-testid="suppliers-list">
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('created')}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((supplier) => (
              <tr key={supplier.id} data-testid="supplier-row">
                <td data-label={t('name')}>{supplier.supplier_name}</td>
                <td data-label={t('created')}>{londonDate(new Date(supplier.created_at), locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        locale={locale}
        base={base}
        query={filterQuery({ keyword: input.keyword })}
        page={input.skip / RECORDS_PAGE + 1}
        take={RECORDS_PAGE}
        total={page.total}
        shown={page.items.length}
        hasMore={page.hasMore}
      />
      <h2>{t('createTitle')}</h2>
      <form action={createSupplierAction} className="stack narrow" data-testid="supplier-form">
        <input type="hidden" name="locale" value={locale} />
        <div className="field">
          <label htmlFor="supplier-name">{t('name')}</label>
          <input id="supplier-name" name="supplier_name" type="text" autoComplete="off" maxLength={255} required />
        </div>
        <div>
          <button type="submit">{t('create')}</button>
        </div>
      </form>
    </main>
  );
}
