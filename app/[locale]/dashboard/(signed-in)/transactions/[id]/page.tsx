import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { isUuid } from '@/lib/core/shared/is-uuid';
import { getTransaction } from '@/lib/core/transactions/get-transaction';
import { formatShortReference } from '@/lib/core/transactions/short-reference';
import { getTransactionTimeline } from '@/lib/core/transactions/timeline/transaction-timeline';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/http/app-error';
import { getPathname } from '@/lib/i18n/navigation';
import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';
import { requireStaff } from '../../../staff-session';
import { ActionNotice } from '../../action-notice';
import { inView, moneyWords } from '../../_money/money-words';
import { PaymentActions } from './payment-actions';
import { Timeline } from './timeline';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<{ result?: string; error?: string }>;
};

/** The core's answer, or the 404 page for an unknown id or one of an organisation out of view (as the API's 404). */
async function load(staff: Awaited<ReturnType<typeof requireStaff>>, id: string) {
  if (!isUuid(id)) notFound();
  const db = await getDb();
  try {
    const transaction = await getTransaction(db, staff, id);
    if (!inView(staff, transaction.organisation)) notFound();
    return { transaction, timeline: await getTransactionTimeline(db, staff, id) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}

/** One payment: its facts, its timeline, the receipt, and the actions the API offers on it for the actor's roles. */
export default async function TransactionPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  const staff = await requireStaff(locale);
  const { transaction: tx, timeline } = await load(staff, id);
  const t = await getTranslations({ locale, namespace: 'DashboardMoney.transaction' });
  const words = await moneyWords(locale);
  const reference = formatShortReference(tx.short_reference);
  const hasReceipt = tx.status === 'COMPLETE' || tx.status === 'PENDING';
  return (
    <main>
      <p>
        <a href={dashboardPath(locale, '/transactions')}>{t('back')}</a>
      </p>
      <h1>{t('title', { reference })}</h1>
      <ActionNotice
        locale={locale}
        namespace="DashboardMoney.transaction"
        query={await searchParams}
        testId="transaction"
      />
      <dl className="money-facts" data-testid="transaction-facts">
        <dt>{t('status')}</dt>
        <dd data-testid="transaction-status">{words.status('transaction', tx.status)}</dd>
        <dt>{t('amount')}</dt>
        <dd>{words.money(tx.amount, tx.currency)}</dd>
        <dt>{t('refunded')}</dt>
        <dd data-testid="transaction-refunded">{words.money(tx.refunded_amount, tx.currency)}</dd>
        <dt>{t('booking')}</dt>
        <dd data-testid="transaction-booking">{tx.booking_reference ?? t('noBooking')}</dd>
        <dt>{t('payer')}</dt>
        <dd>
          {tx.cardholder_name ?? '–'}
          {tx.card_brand && tx.card_last_four && (
            <> ({t('card', { brand: cardBrandName(tx.card_brand), lastFour: tx.card_last_four })})</>
          )}
        </dd>
        <dt>{t('method')}</dt>
        <dd>{t(tx.method === 'ONLINE' ? 'methodOnline' : 'methodPhone')}</dd>
        <dt>{t('created')}</dt>
        <dd>{words.when(tx.created_at)}</dd>
        {tx.completed_at && (
          <>
            <dt>{t('completed')}</dt>
            <dd>{words.when(tx.completed_at)}</dd>
          </>
        )}
      </dl>
      {hasReceipt && (
        <p>
          <a href={getPathname({ href: `/receipts/${tx.id}`, locale })} data-testid="receipt-link">
            {t('receipt')}
          </a>
        </p>
      )}
      <PaymentActions
        locale={locale}
        transaction={tx}
        canPay={hasRole(staff, 'booking-and-payment:create:payment')}
        canReassign={hasRole(staff, 'booking-and-payment:reassign:booking')}
      />
      <Timeline locale={locale} entries={timeline.entries} truncated={timeline.truncated} />
    </main>
  );
}
