import { getTranslations } from 'next-intl/server';
import { hasRole } from '@/lib/auth/access';
import { ecommerceResource } from '@/lib/core/ecommerce/ecommerce';
import { paymentLinksResource } from '@/lib/core/payment-links/payment-links';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { londonDate } from '@/lib/i18n/date-format';
import { keptForm } from '@/lib/http/kept-form-read';
import { formatMoney } from '@/lib/money';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { CheckoutForm } from './checkout-form';
import { pageNumber } from '@/lib/core/staff/page-number';
import { filterQuery, Pager } from '../list-pager';

type Query = Record<string, string | undefined>;
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Query> };

const TAKE = 25;

/**
 * Payment links and ecommerce sessions (`?kind=ecommerce`): the API's list with its filters (booking reference,
 * created between two days, with or without a booking), newest first, 25 a page; the create form for
 * booking-and-payment:create:payment. Every read is a GET form, so it all works without JavaScript.
 */
export default async function LinksPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const t = await getTranslations({ locale, namespace: 'DashboardCollect.links' });
  const query = await searchParams;
  // A refused create comes back here with what was typed (lib/http/kept-form.ts), on its own form's tab.
  const keptEcommerce = await keptForm(query, 'create-ecommerce');
  const kind = query.kind === 'ecommerce' || keptEcommerce.active ? 'ecommerce' : 'payment_link';
  const kept = kind === 'ecommerce' ? keptEcommerce : await keptForm(query, 'create-link');
  const resource = kind === 'ecommerce' ? ecommerceResource : paymentLinksResource;
  const filters = {
    keyword: query.keyword || undefined,
    date_from: query.date_from || undefined,
    date_to: query.date_to || undefined,
    filter_booking_exists: query.booking === 'yes' ? true : query.booking === 'no' ? false : undefined,
  };
  // `?page=`, as every back-office list (list-pager.tsx).
  const at = pageNumber(query.page);
  const skip = (at - 1) * TAKE;
  const parsed = resource.listSchema.safeParse({
    organisation: staff.rootOrganisationId,
    skip,
    take: TAKE,
    ...filters,
  });
  const input = parsed.success ? parsed.data : resource.listSchema.parse({ organisation: staff.rootOrganisationId });
  const page = await resource.list(await getDb(), staff, input);
  const here = dashboardPath(locale, '/links');
  const canCreate = hasRole(staff, 'booking-and-payment:create:payment');
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardCollect.links" query={query} testId="links" />
      <nav aria-label={t('kinds')}>
        <ul className="collect-tabs">
          <li>
            <a href={here} aria-current={kind === 'payment_link' ? 'page' : undefined}>
              {t('paymentLinks')}
            </a>
          </li>
          <li>
            <a href={`${here}?kind=ecommerce`} aria-current={kind === 'ecommerce' ? 'page' : undefined}>
              {t('ecommerce')}
            </a>
          </li>
        </ul>
      </nav>
      <form method="get" action={here} className="collect-filters" role="search" aria-label={t('filters')}>
        {kind === 'ecommerce' && <input type="hidden" name="kind" value="ecommerce" />}
        <div className="field">
          <label htmlFor="filter-keyword">{t('keyword')}</label>
          <input id="filter-keyword" name="keyword" type="search" defaultValue={filters.keyword} />
        </div>
        <div className="field">
          <label htmlFor="filter-from">{t('dateFrom')}</label>
          <input id="filter-from" name="date_from" type="date" defaultValue={filters.date_from} />
        </div>
        <div className="field">
          <label htmlFor="filter-to">{t('dateTo')}</label>
          <input id="filter-to" name="date_to" type="date" defaultValue={filters.date_to} />
        </div>
        <div className="field">
          <label htmlFor="filter-booking">{t('withBooking')}</label>
          <select id="filter-booking" name="booking" defaultValue={query.booking ?? ''}>
            <option value="">{t('any')}</option>
            <option value="yes">{t('yes')}</option>
            <option value="no">{t('no')}</option>
          </select>
        </div>
        <div>
          <button type="submit">{t('filter')}</button>
        </div>
      </form>
      {!parsed.success && (
        <p className="error-summary" role="alert">
          {t('badFilter')}
        </p>
      )}
      <p role="status" data-testid="links-count">
        {t('count', { count: page.total })}
      </p>
      {page.items.length > 0 && (
        <table className="stack-table" data-testid="links-table">
          <caption className="visually-hidden">{kind === 'ecommerce' ? t('ecommerce') : t('paymentLinks')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('customer')}</th>
              <th scope="col">{t('amount')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('created')}</th>
              <th scope="col">{t('expires')}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((item) => (
              <tr key={item.id} data-testid="link-row" data-id={item.id}>
                <td data-label={t('customer')}>
                  <a href={dashboardPath(locale, `/links/${item.id}`)}>{item.customer_name}</a>
                </td>
                <td data-label={t('amount')}>{formatMoney(item.amount, item.currency, locale)}</td>
                <td data-label={t('status')}>{t(`status_${item.status}`)}</td>
                <td data-label={t('created')}>{londonDate(new Date(item.created_at), locale)}</td>
                <td data-label={t('expires')}>{londonDate(new Date(item.expires_at), locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        locale={locale}
        base={here}
        query={filterQuery({
          kind: query.kind,
          keyword: query.keyword,
          date_from: query.date_from,
          date_to: query.date_to,
          booking: query.booking,
        })}
        page={at}
        take={TAKE}
        total={page.total}
        shown={page.items.length}
        hasMore={page.hasMore}
      />
      {canCreate && (
        <section aria-labelledby="create-title">
          <h2 id="create-title">{kind === 'ecommerce' ? t('createEcommerce') : t('createLink')}</h2>
          <CheckoutForm locale={locale} kind={kind} kept={kept} />
        </section>
      )}
    </main>
  );
}
