import { getTranslations } from 'next-intl/server';
import { forbidden, notFound } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { adyenClientConfig, isSandbox } from '@/lib/config';
import { now } from '@/lib/clock';
import type { TerminalOrder } from '@/lib/core/terminal/terminal-order';
import { AppError } from '@/lib/http/app-error';
import { formatMoney } from '@/lib/money';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { CardMessages } from '@/app/[locale]/[payment_link_id]/card-entry/card-messages';
import { requireStaff } from '../../../staff-session';
import { ActionNotice } from '../../action-notice';
import { TerminalCardForm } from '../terminal-card-form';
import { TerminalResult } from '../terminal-result';
import { loadTerminalOrder, terminalTitle } from '../terminal-title';

type Props = {
  params: Promise<{ locale: string; order: string }>;
  searchParams: Promise<{ result?: string; error?: string; surcharge?: string }>;
};

export async function generateMetadata({ params }: Pick<Props, 'params'>) {
  const { locale, order } = await params;
  return terminalTitle(locale, order);
}

/**
 * A virtual terminal order: what is being paid, then the card (the hosted checkout's card fields: the sandbox's
 * own in sandbox, Adyen's Card component in production), then the outcome. Another organisation's order is 404.
 */
export default async function TerminalOrderPage({ params, searchParams }: Props) {
  const { locale, order: id } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'booking-and-payment:create:payment')) forbidden();
  let order: TerminalOrder;
  try {
    order = await loadTerminalOrder(staff, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
  const t = await getTranslations({ locale, namespace: 'DashboardTerminal' });
  const query = await searchParams;
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  const status = order.latest?.status;
  const taken = status === 'COMPLETE' || status === 'PENDING';
  const inProgress = status === 'PAYMENTINPROGRESS';
  const expired = order.expiresAt.getTime() <= now().getTime();
  const surcharge = /^\d{1,9}$/.test(query.surcharge ?? '') ? Number(query.surcharge) : null;
  const adyen = adyenClientConfig();
  return (
    <main>
      <h1>{t('orderTitle', { reference: order.bookingReference })}</h1>
      <ActionNotice locale={locale} namespace="DashboardTerminal" query={query} testId="terminal" />
      <dl className="card" data-testid="terminal-order">
        <dt>{t('booking')}</dt>
        <dd>{order.bookingReference}</dd>
        <dt>{t('customer')}</dt>
        <dd>{order.customerName}</dd>
        <dt>{t('amount')}</dt>
        <dd data-testid="terminal-amount">{money(order.amount)}</dd>
        <dt>{t('method')}</dt>
        <dd data-testid="terminal-method">
          {order.method === 'MOTO_IN_PERSON' ? t('methodInPerson') : t('methodOther')}
        </dd>
      </dl>
      {order.latest && <TerminalResult locale={locale} order={order} />}
      {taken || inProgress ? null : expired ? (
        <p className="notice" data-testid="terminal-expired">
          {t('expired')}{' '}
          <a href={`${dashboardPath(locale, '/terminal')}?booking=${order.bookingId}`}>{t('startAgain')}</a>
        </p>
      ) : (
        <section aria-labelledby="terminal-card-heading">
          <h2 id="terminal-card-heading">{order.latest ? t('tryAgainHeading') : t('cardHeading')}</h2>
          <p className="muted">{t('noThreeDs')}</p>
          {isSandbox() || adyen ? (
            <CardMessages>
              <TerminalCardForm
                // A new attempt or answer is a new form: no card, check or surcharge carried over from the last one.
                key={`${order.latest?.id ?? 'first'}:${query.error ?? ''}:${surcharge ?? ''}`}
                orderId={order.id}
                locale={locale}
                amount={order.amount}
                currency={order.currency}
                adyen={!isSandbox() && adyen ? { ...adyen, countryCode: order.organisationCountry } : null}
                confirmSurcharge={surcharge}
                words={{
                  pay: t('pay', { total: '{total}' }),
                  payWithSurcharge: t('payWithSurcharge', { total: '{total}' }),
                  paying: t('paying'),
                  refused: t('payRefused'),
                  surchargeConfirm: t('surchargeConfirm', {
                    surcharge: money(surcharge ?? 0),
                    total: money(order.amount + (surcharge ?? 0)),
                  }),
                }}
              />
            </CardMessages>
          ) : (
            <p className="notice">{t('cardUnavailable')}</p>
          )}
        </section>
      )}
    </main>
  );
}
