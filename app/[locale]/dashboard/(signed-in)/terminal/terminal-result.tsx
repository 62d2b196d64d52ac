import { getTranslations } from 'next-intl/server';
import type { TerminalOrder } from '@/lib/core/terminal/terminal-order';
import { formatMoney } from '@/lib/money';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getPathname } from '@/lib/i18n/navigation';
import { cardBrandLabels } from '@/lib/payments/card-rules/exclusion-message';
import { failureKind, failureMessageKeys } from '@/app/[locale]/[payment_link_id]/failure-reason';

/**
 * The order's latest attempt: authorised (with the transaction and its receipt), not taken (why, in the checkout's
 * own words: failure-reason.ts), or still with the processor. A new attempt follows a refusal on the same page.
 */
export async function TerminalResult({ locale, order }: { locale: string; order: TerminalOrder }) {
  const latest = order.latest!;
  const t = await getTranslations({ locale, namespace: 'DashboardTerminal' });
  const checkout = await getTranslations({ locale, namespace: 'Checkout' });
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  const brand =
    latest.cardBrand && latest.cardBrand in cardBrandLabels
      ? cardBrandLabels[latest.cardBrand as keyof typeof cardBrandLabels]
      : null;
  const card = brand && latest.cardLastFour ? t('cardUsed', { brand, lastFour: latest.cardLastFour }) : null;
  const transactionLink = (
    <a href={dashboardPath(locale, `/transactions/${latest.id}`)} data-testid="terminal-transaction">
      {t('viewTransaction')}
    </a>
  );
  if (latest.status === 'COMPLETE' || latest.status === 'PENDING')
    return (
      <section
        className="notice"
        role="status"
        aria-labelledby="terminal-result"
        data-testid="terminal-result"
        data-outcome="authorised"
      >
        <h2 id="terminal-result">{t('authorisedTitle')}</h2>
        <p>{t('authorisedBody', { amount: money(latest.amount) })}</p>
        {latest.surcharge > 0 && <p>{t('surchargeIncluded', { surcharge: money(latest.surcharge) })}</p>}
        {card && <p>{card}</p>}
        <ul>
          <li>{transactionLink}</li>
          <li>
            <a href={getPathname({ href: `/receipts/${latest.id}`, locale })} data-testid="terminal-receipt">
              {t('viewReceipt')}
            </a>
          </li>
          <li>
            <a href={`${dashboardPath(locale, '/terminal')}?booking=${order.bookingId}`}>{t('another')}</a>
          </li>
        </ul>
      </section>
    );
  if (latest.status === 'PAYMENTINPROGRESS')
    return (
      <section className="notice" role="status" data-testid="terminal-result" data-outcome="in-progress">
        <h2>{t('inProgressTitle')}</h2>
        <p>{t('inProgressBody')}</p>
        <p>
          <a href={dashboardPath(locale, `/terminal/${order.id}`)}>{t('refresh')}</a>
        </p>
      </section>
    );
  const why = failureMessageKeys(failureKind(latest.failureReason)).why;
  return (
    <section
      className="error-summary"
      role="alert"
      aria-labelledby="terminal-result"
      data-testid="terminal-result"
      data-outcome="declined"
    >
      <h2 id="terminal-result">{t('declinedTitle')}</h2>
      <p data-testid="terminal-reason">{checkout(why as 'failureWhyDeclined')}</p>
      {card && <p>{card}</p>}
      <p>{transactionLink}</p>
    </section>
  );
}
