import { getTranslations } from 'next-intl/server';
import { hasRole } from '@/lib/auth/access';
import {
  listScheduledPayments,
  listScheduledPaymentsSchema,
  scheduledPaymentStatuses,
} from '@/lib/core/scheduled-payments/list-scheduled-payments';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { londonDate } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { cancelScheduledAction, sendApprovalAction } from './actions';
import { ChargeSection } from './charge-section';
import { pageNumber } from '@/lib/core/staff/page-number';
import { filterQuery, Pager } from '../list-pager';

type Query = { result?: string; error?: string; status?: string; keyword?: string; page?: string; reference?: string };
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Query> };

const TAKE = 25;
const cancellable = new Set(['QUEUED', 'AWAITING_APPROVAL']);

/**
 * Scheduled payments as the API lists them (one status at a time, QUEUED first; the booking reference as
 * keyword), soonest first; cancel one that has not started; send the approval link of a booking's payments
 * awaiting approval; charge a saved card now or on a date (ChargeSection).
 */
export default async function ScheduledPaymentsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const t = await getTranslations({ locale, namespace: 'DashboardCollect.scheduled' });
  const query = await searchParams;
  const status = scheduledPaymentStatuses.find((s) => s === query.status) ?? 'QUEUED';
  // `?page=`, as every back-office list (list-pager.tsx).
  const at = pageNumber(query.page);
  const skip = (at - 1) * TAKE;
  const input = listScheduledPaymentsSchema.parse({
    organisation: staff.rootOrganisationId,
    skip,
    take: TAKE,
    total_filter: status,
    keyword: query.keyword?.slice(0, 200) || undefined,
    sort_by: 'execute_after',
    direction: 'asc',
  });
  const page = await listScheduledPayments(await getDb(), staff, input);
  const here = dashboardPath(locale, '/scheduled-payments');
  const canChange = hasRole(staff, 'booking-and-payment:create:payment');
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardCollect.scheduled" query={query} testId="scheduled" />
      <form method="get" action={here} className="collect-filters" role="search" aria-label={t('filters')}>
        <div className="field">
          <label htmlFor="scheduled-status">{t('status')}</label>
          <select id="scheduled-status" name="status" defaultValue={status}>
            {scheduledPaymentStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`status_${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="scheduled-keyword">{t('keyword')}</label>
          <input id="scheduled-keyword" name="keyword" type="search" defaultValue={query.keyword} />
        </div>
        <div>
          <button type="submit">{t('filter')}</button>
        </div>
      </form>
      <p role="status" data-testid="scheduled-count">
        {t('count', { count: page.total })}
      </p>
      {page.items.length > 0 && (
        <table className="stack-table" data-testid="scheduled-table">
          <caption className="visually-hidden">{t('title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('booking')}</th>
              <th scope="col">{t('customer')}</th>
              <th scope="col">{t('amount')}</th>
              <th scope="col">{t('date')}</th>
              <th scope="col">{t('status')}</th>
              {canChange && <th scope="col">{t('actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {page.items.map((payment) => (
              <tr key={payment.id} data-testid="scheduled-row" data-booking={payment.booking.booking_reference}>
                <td data-label={t('booking')}>{payment.booking.booking_reference}</td>
                <td data-label={t('customer')}>{payment.customer.customer_name}</td>
                <td data-label={t('amount')}>
                  {formatMoney(payment.amount, payment.currency, locale)}
                  {payment.authorisation_only && <span className="muted"> {t('preAuth')}</span>}
                </td>
                <td data-label={t('date')}>{londonDate(new Date(payment.execute_after), locale)}</td>
                <td data-label={t('status')}>{t(`status_${payment.status}`)}</td>
                {canChange && (
                  <td data-label={t('actions')}>
                    {cancellable.has(payment.status) && (
                      <form action={cancelScheduledAction}>
                        <input type="hidden" name="locale" value={locale} />
                        <input type="hidden" name="id" value={payment.id} />
                        <button type="submit" className="secondary" data-testid="cancel-scheduled">
                          {t('cancel', { reference: payment.booking.booking_reference ?? '' })}
                        </button>
                      </form>
                    )}
                    {payment.status === 'AWAITING_APPROVAL' && (
                      <form action={sendApprovalAction}>
                        <input type="hidden" name="locale" value={locale} />
                        <input type="hidden" name="booking" value={payment.booking.id} />
                        <button type="submit" className="secondary">
                          {t('sendApproval', { reference: payment.booking.booking_reference ?? '' })}
                        </button>
                      </form>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        locale={locale}
        base={here}
        query={filterQuery({ status, keyword: query.keyword })}
        page={at}
        take={TAKE}
        total={page.total}
        shown={page.items.length}
        hasMore={page.hasMore}
      />
      {canChange && <ChargeSection locale={locale} staff={staff} query={query} />}
    </main>
  );
}
