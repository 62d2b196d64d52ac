import { getTranslations } from 'next-intl/server';
import type { HostedCheckout, HostedTransaction } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { getPathname } from '@/lib/i18n/navigation';
import { londonDateTime } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';
import { withWallet } from './wallet-entry/wallet-receipt';

/** The paid page's receipt: what was taken (or held), how, when and its reference. */
export async function Receipt({
  checkout,
  payment,
  locale,
}: {
  checkout: HostedCheckout;
  payment: HostedTransaction;
  locale: string;
}) {
  const t = await getTranslations('Checkout');
  const money = (value: number) => formatMoney(value, checkout.currency, locale);
  const when = payment.paidAt ?? payment.createdAt;
  return (
    <section className="card receipt" aria-labelledby="receipt-heading" data-testid="receipt">
      <h2 id="receipt-heading">{t('receiptHeading')}</h2>
      <dl>
        <dt>{t('receiptAmount')}</dt>
        <dd data-testid="receipt-amount">{money(payment.amount)}</dd>
        {payment.surcharge > 0 && (
          <>
            <dt>{t('receiptSurcharge')}</dt>
            <dd data-testid="receipt-surcharge">{money(payment.surcharge)}</dd>
          </>
        )}
        <dt>{t('receiptMethod')}</dt>
        <dd data-testid="receipt-method">
          {payment.type === 'OPEN_BANKING'
            ? t('receiptBank')
            : await withWallet(
                t('receiptCard', { brand: payment.cardBrand ?? '', lastFour: payment.cardLastFour ?? '' }),
                payment.wallet,
              )}
        </dd>
        <dt>{t('receiptDate')}</dt>
        <dd>{londonDateTime(when, locale)}</dd>
        <dt>{t('receiptReference')}</dt>
        <dd data-testid="receipt-reference">{payment.id}</dd>
      </dl>
      {payment.status === 'PENDING' && <p>{t('receiptHeld')}</p>}
      {/* A plain link (a full load): Next's Link would add its client code to the checkout's first load for this one line. */}
      <p>
        <a href={getPathname({ href: `/receipts/${payment.id}`, locale })} data-testid="receipt-link">
          {(await getTranslations('Receipt'))('printableLink')}
        </a>
      </p>
    </section>
  );
}
