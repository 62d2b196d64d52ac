import { getTranslations } from 'next-intl/server';
import { forbidden } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { RECORDS_PAGE, customersFor } from '@/lib/core/staff/records-request';
import { londonDate } from '@/lib/i18n/date-format';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { filterQuery, Pager } from '../list-pager';
import { RecordsSearch } from '../records-search';
import { createCustomerAction } from './actions';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | undefined>> };

const FIELDS = [
  { name: 'customer_name', key: 'name', type: 'text', autoComplete: 'off', max: 255 },
  { name: 'email', key: 'email', type: 'email', autoComplete: 'off', max: 320 },
  { name: 'address_1', key: 'address1', type: 'text', autoComplete: 'off', max: 255 },
  { name: 'address_2', key: 'address2', type: 'text', autoComplete: 'off', max: 255 },
  { name: 'city', key: 'city', type: 'text', autoComplete: 'off', max: 255 },
  { name: 'county', key: 'county', type: 'text', autoComplete: 'off', max: 255 },
  { name: 'post_code', key: 'postCode', type: 'text', autoComplete: 'off', max: 20 },
  { name: 'country', key: 'country', type: 'text', autoComplete: 'off', max: 255 },
] as const;

/** Customers (booking-and-payment:create:booking): GET /agent/customers (search by name or email), and create. */
export default async function CustomersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'booking-and-payment:create:booking')) forbidden();
  const t = await getTranslations({ locale, namespace: 'DashboardRecords.customers' });
  const query = await searchParams;
  const { input, page } = await customersFor(staff, query);
  const base = dashboardPath(locale, '/customers');
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardRecords.customers" query={query} testId="customers" />
      <RecordsSearch locale={locale} action={base} keyword={input.keyword} label={t('search')} idPrefix="customers" />
      {page.items.length === 0 ? (
        <p data-testid="customers-empty">{input.keyword ? t('noMatch') : t('empty')}</p>
      ) : (
        <table className="stack-table" data-testid="customers-list">
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('email')}</th>
              <th scope="col">{t('address')}</th>
              <th scope="col">{t('created')}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((customer) => (
              <tr key={customer.id} data-testid="customer-row">
                <td data-label={t('name')}>{customer.customer_name ?? '–'}</td>
                <td data-label={t('email')}>{customer.email ?? '–'}</td>
                <td data-label={t('address')}>
                  {[
                    customer.address_1,
                    customer.address_2,
                    customer.city,
                    customer.county,
                    customer.post_code,
                    customer.country,
                  ]
                    .filter(Boolean)
                    .join(', ') || '–'}
                </td>
                <td data-label={t('created')}>{londonDate(new Date(customer.created_at), locale)}</td>
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
      <form action={createCustomerAction} className="stack narrow" data-testid="customer-form">
        <input type="hidden" name="locale" value={locale} />
        {FIELDS.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`customer-${field.name}`}>{t(field.key)}</label>
            <input
              id={`customer-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={field.max}
            />
          </div>
        ))}
        <div>
          <button type="submit">{t('create')}</button>
        </div>
      </form>
    </main>
  );
}
