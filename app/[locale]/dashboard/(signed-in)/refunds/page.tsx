import { getTranslations } from 'next-intl/server';
import { hasRole } from '@/lib/auth/access';
import { listRefundsAwaiting, listRefundsAwaitingSchema } from '@/lib/core/refunds/refunds-awaiting';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { formatShortReference } from '@/lib/core/transactions/short-reference';
import { getDb } from '@/lib/db/client';
import { requireStaff } from '../../staff-session';
import { moneyWords } from '../_money/money-words';
import { ChildrenListPage, childrenListAddress, frameWords } from '../_money/children-list';
import { authoriseRefundAction, declineRefundAction } from './actions';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Search> };

/**
 * Refunds awaiting authorisation, oldest first (a queue): authorise (the money goes back to the card) or
 * decline. Where the organisation requires a second user, the requester is told so instead of being
 * offered a button the core would refuse.
 */
export default async function RefundsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const t = await getTranslations({ locale, namespace: 'DashboardMoney.refunds' });
  const words = await moneyWords(locale);
  const search = await searchParams;
  const address = childrenListAddress(search);
  const list = await listRefundsAwaiting(
    await getDb(),
    staff,
    listRefundsAwaitingSchema.parse({
      organisation: staff.rootOrganisationId,
      ...address.options,
    }),
  );
  const canDecide = hasRole(staff, 'booking-and-payment:create:payment');
  const base = dashboardPath(locale, '/refunds');
  return (
    <ChildrenListPage
      locale={locale}
      base={base}
      address={address}
      list={list}
      words={frameWords(t)}
      testId="refunds"
      notice={{ namespace: 'DashboardMoney.refunds', search }}
    >
      <ul className="money-cards" data-testid="refunds-list">
        {list.items.map((refund) => {
          const amount = words.money(refund.amount, refund.currency);
          return (
            <li key={refund.id} className="card" data-testid="refund-row" data-code={refund.authorization_code}>
              <h2>{t('refundOf', { amount })}</h2>
              <dl className="money-facts">
                <dt>{t('payment')}</dt>
                <dd>
                  <a href={dashboardPath(locale, `/transactions/${refund.transaction_id}`)}>
                    {formatShortReference(refund.short_reference)}
                  </a>
                </dd>
                <dt>{t('booking')}</dt>
                <dd>{refund.booking?.booking_reference ?? '–'}</dd>
                <dt>{t('requestedBy')}</dt>
                <dd>{refund.requested_by?.name ?? refund.requested_by?.email ?? t('unknownUser')}</dd>
                <dt>{t('requestedAt')}</dt>
                <dd>{words.when(refund.created_at)}</dd>
              </dl>
              {refund.second_user_required && (
                <p data-testid="second-user-note">
                  {refund.authorisable_by_you ? t('secondUser') : t('secondUserYou')}
                </p>
              )}
              {canDecide && (
                <div className="money-buttons">
                  {refund.authorisable_by_you && (
                    <form action={authoriseRefundAction}>
                      <input type="hidden" name="locale" value={locale} />
                      <input type="hidden" name="code" value={refund.authorization_code} />
                      <button type="submit" data-testid="authorise-refund">
                        {t('authorise', { amount })}
                      </button>
                    </form>
                  )}
                  <form action={declineRefundAction}>
                    <input type="hidden" name="locale" value={locale} />
                    <input type="hidden" name="code" value={refund.authorization_code} />
                    <button type="submit" className="secondary" data-testid="decline-refund">
                      {t('decline', { amount })}
                    </button>
                  </form>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </ChildrenListPage>
  );
}
