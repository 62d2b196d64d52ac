import { getTranslations } from 'next-intl/server';
import { transactionStatuses } from '@/lib/core/enums';
import { listTransactions, listTransactionsSchema } from '@/lib/core/transactions/list-transactions';
import { formatShortReference } from '@/lib/core/transactions/short-reference';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';
import { requireStaff } from '../../staff-session';
import { many, moneyWords, single } from '../_money/money-words';
import { pageNumber } from '@/lib/core/staff/page-number';
import { Pager } from '../list-pager';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Search> };

const TAKE = 25;

/**
 * The organisation's payments with the API's filters (POST /agent/transactions: keyword, creation dates,
 * statuses, child organisations), newest first, 25 a page. The filters are a GET form, so the address
 * keeps them and the page works without JavaScript.
 */
export default async function TransactionsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const t = await getTranslations({ locale, namespace: 'DashboardMoney.transactions' });
  const words = await moneyWords(locale);
  const search = await searchParams;
  const page = pageNumber(single(search.page));
  const filters = {
    keyword: single(search.keyword)?.trim() || undefined,
    date_from: single(search.date_from) || undefined,
    date_to: single(search.date_to) || undefined,
    statuses: many(search.status).filter((s) => (transactionStatuses as readonly string[]).includes(s)),
    children: single(search.children) === '1',
  };
  const parsed = listTransactionsSchema.safeParse({
    organisation: staff.rootOrganisationId,
    skip: (page - 1) * TAKE,
    take: TAKE,
    'show-child-organisations': filters.children,
    keyword: filters.keyword,
    date_from: filters.date_from,
    date_to: filters.date_to,
    statuses: filters.statuses.length ? filters.statuses : undefined,
  });
  // A date the form's field could not send (typed into the address): said, and the list shown unfiltered by date.
  const input = parsed.success
    ? parsed.data
    : listTransactionsSchema.parse({ organisation: staff.rootOrganisationId, take: TAKE });
  const list = await listTransactions(await getDb(), staff, input);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search))
    if (name !== 'page') for (const v of many(value)) query.append(name, v);
  const base = dashboardPath(locale, '/transactions');
  return (
    <main>
      <h1>{t('title')}</h1>
      <form method="get" action={base} className="money-filters" role="search" aria-label={t('filters')}>
        <div className="field">
          <label htmlFor="tx-keyword">{t('keyword')}</label>
          <input id="tx-keyword" name="keyword" type="search" defaultValue={filters.keyword ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="tx-from">{t('dateFrom')}</label>
          <input id="tx-from" name="date_from" type="date" defaultValue={filters.date_from ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="tx-to">{t('dateTo')}</label>
          <input id="tx-to" name="date_to" type="date" defaultValue={filters.date_to ?? ''} />
        </div>
        <fieldset className="money-statuses">
          <legend>{t('statuses')}</legend>
          {transactionStatuses.map((status) => (
            <label key={status} className="money-check">
              <input type="checkbox" name="status" value={status} defaultChecked={filters.statuses.includes(status)} />{' '}
              {words.status('transaction', status)}
            </label>
          ))}
        </fieldset>
        <label className="money-check">
          <input type="checkbox" name="children" value="1" defaultChecked={filters.children} /> {t('children')}
        </label>
        <div>
          <button type="submit">{t('apply')}</button>
        </div>
      </form>
      {!parsed.success && (
        <div className="error-summary" role="alert" data-testid="transactions-error">
          <p>{t('badFilters')}</p>
        </div>
      )}
      {list.items.length === 0 ? (
        <p data-testid="transactions-empty">{t('empty')}</p>
      ) : (
        <table className="stack-table money-table" data-testid="transactions-table">
          <caption>{t('caption', { total: list.total })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('reference')}</th>
              <th scope="col">{t('created')}</th>
              <th scope="col">{t('booking')}</th>
              <th scope="col">{t('payer')}</th>
              <th scope="col">{t('amount')}</th>
              <th scope="col">{t('status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((tx) => (
              <tr key={tx.id} data-testid="transaction-row" data-id={tx.id}>
                <td data-label={t('reference')}>
                  <a href={dashboardPath(locale, `/transactions/${tx.id}`)}>
                    {formatShortReference(tx.short_reference)}
                  </a>
                </td>
                <td data-label={t('created')}>{words.when(tx.created_at)}</td>
                <td data-label={t('booking')}>{tx.booking_reference ?? '–'}</td>
                <td data-label={t('payer')}>
                  {tx.cardholder_name ?? '–'}
                  {tx.card_brand && tx.card_last_four && (
                    <span className="muted">
                      {' '}
                      {t('card', { brand: cardBrandName(tx.card_brand), lastFour: tx.card_last_four })}
                    </span>
                  )}
                </td>
                <td data-label={t('amount')}>
                  {words.money(tx.amount, tx.currency)}
                  {tx.refunded_amount > 0 && (
                    <span className="muted">
                      {' '}
                      {t('refunded', { amount: words.money(tx.refunded_amount, tx.currency) })}
                    </span>
                  )}
                </td>
                <td data-label={t('status')}>{words.status('transaction', tx.status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        locale={locale}
        base={base}
        query={query}
        page={page}
        take={TAKE}
        total={list.total}
        shown={list.items.length}
        hasMore={list.hasMore}
      />
    </main>
  );
}
