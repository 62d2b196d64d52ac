import { getTranslations } from 'next-intl/server';
import type { HostedCheckout, HostedTransaction } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { hostedPaymentConfirmation } from '@/lib/core/hosted-checkout/payment-confirmation';
import { formatShortReference } from '@/lib/core/transactions/short-reference';
import { getPathname } from '@/lib/i18n/navigation';
import { londonDateTimeWithZone } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';
import { withWallet } from './wallet-entry/wallet-receipt';
import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';
import { NextInstalment } from './next-instalment';

/**
 * The confirmation of a payment made (or held): what was paid and for what, how, when, its short
 * reference, then what is still owed (on the booking, or of a group member's share) and the next
 * instalment, with whether it will be collected automatically. Never a form: the page reads as done.
 */
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
  const confirmation = await hostedPaymentConfirmation(checkout);
  const money = (value: number) => formatMoney(value, checkout.currency, locale);
  const when = payment.paidAt ?? payment.createdAt;
  const member = checkout.member;
  return (
    <section className="card receipt" aria-labelledby="receipt-heading" data-testid="receipt">
      <h2 id="receipt-heading">{t('receiptHeading')}</h2>
      <dl>
        {checkout.description && (
          <>
            <dt>{t('receiptFor')}</dt>
            <dd data-testid="receipt-description">{checkout.description}</dd>
          </>
        )}
        <dt>{t('receiptPaidTo')}</dt>
        <dd>{checkout.organisationName}</dd>
        <dt>{payment.status === 'PENDING' ? t('receiptAmountHeld') : t('receiptAmount')}</dt>
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
                t('receiptCard', { brand: cardBrandName(payment.cardBrand), lastFour: payment.cardLastFour ?? '' }),
                payment.wallet,
              )}
        </dd>
        <dt>{t('receiptDate')}</dt>
        <dd data-testid="receipt-date">{londonDateTimeWithZone(when, locale)}</dd>
        {confirmation.shortReference && (
          <>
            <dt>{t('receiptReference')}</dt>
            <dd className="receipt-reference" data-testid="receipt-reference">
              {formatShortReference(confirmation.shortReference)}
            </dd>
          </>
        )}
        {checkout.bookingReference && (
          <>
            <dt>{t('bookingReference')}</dt>
            <dd data-testid="receipt-booking">{checkout.bookingReference}</dd>
          </>
        )}
        {member && (
          <>
            <dt>{t('receiptShareRemaining')}</dt>
            <dd data-testid="receipt-remaining">{money(member.remaining)}</dd>
          </>
        )}
        {!member && confirmation.bookingRemaining !== null && (
          <>
            <dt>{t('receiptBookingRemaining')}</dt>
            <dd data-testid="receipt-remaining">{money(confirmation.bookingRemaining)}</dd>
          </>
        )}
      </dl>
      {payment.status === 'PENDING' && <p>{t('receiptHeld')}</p>}
      {member && (
        <NextInstalment
          next={member.next}
          automatic={confirmation.nextCollectedAutomatically}
          currency={checkout.currency}
          locale={locale}
        />
      )}
      {/* A plain link (a full load): Next's Link would add its client code to the checkout's first load for this one line. */}
      <p>
        <a href={getPathname({ href: `/receipts/${payment.id}`, locale })} data-testid="receipt-link">
          {(await getTranslations('Receipt'))('printableLink')}
        </a>
      </p>
    </section>
  );
}
