import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { hostedReceipt } from '@/lib/core/hosted-checkout/hosted-receipt';
import { formatShortReference } from '@/lib/core/transactions/short-reference';
import { londonDateTimeWithZone } from '@/lib/i18n/date-format';
import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';
import { formatMoney, isoCurrency } from '@/lib/money';
import { notFoundPageTitle, organisationPageTitle } from '../../page-title';
import { withWallet } from '../../[payment_link_id]/wallet-entry/wallet-receipt';
import { LegalDetails } from './legal-details';
import { PrintButton } from './print-button';

type Props = { params: Promise<{ locale: string; transaction_id: string }> };

// Once per request: the title (generateMetadata) and the page read the same receipt.
const receiptData = cache(hostedReceipt);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, transaction_id: id } = await params;
  const receipt = await receiptData(id);
  return receipt ? organisationPageTitle(locale, 'receipt', receipt.organisationName) : notFoundPageTitle(locale);
}

/**
 * A printable receipt of one payment (COMPLETE, or PENDING: held): who paid, what for, to whom
 * (with the organisation's legal details), how, when (with the time zone) and the short reference
 * a person can read out. It fits one A4 page: the @media print block of globals.css (no inline
 * styles: CSP). Other statuses and unknown ids are the 404 page (not-found.tsx), at this address.
 */
export default async function ReceiptPage({ params }: Props) {
  await connection();
  const { locale, transaction_id: id } = await params;
  const receipt = await receiptData(id);
  if (!receipt) notFound();
  const t = await getTranslations('Receipt');
  const format = await getFormatter();
  const organisation = receipt.organisationName;
  const money = (amount: number, currency = receipt.currency) => formatMoney(amount, currency, locale);
  const held = receipt.status === 'PENDING';
  return (
    <main className="narrow printable-receipt" data-testid="receipt-page">
      <header className="checkout-summary">
        {/* A remote logo of any size: next/image would need every host configured. */}
        {receipt.organisationLogo && (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={receipt.organisationLogo} alt={t('logoAlt', { organisation })} className="checkout-logo" />
        )}
        <p className="checkout-organisation" data-testid="receipt-organisation">
          {organisation}
        </p>
        <h1>{t('title')}</h1>
      </header>
      <dl className="checkout-details receipt-lines">
        <dt>{t('reference')}</dt>
        <dd className="receipt-reference" data-testid="receipt-short-reference">
          {formatShortReference(receipt.shortReference)}
        </dd>
        {receipt.payer && (
          <>
            <dt>{t('paidBy')}</dt>
            <dd data-testid="receipt-payer">{receipt.payer}</dd>
          </>
        )}
        <dt>{t('paidTo')}</dt>
        <dd>{organisation}</dd>
        {receipt.description && (
          <>
            <dt>{t('description')}</dt>
            <dd data-testid="receipt-description">{receipt.description}</dd>
          </>
        )}
        {receipt.bookingReference && (
          <>
            <dt>{t('bookingReference')}</dt>
            <dd data-testid="receipt-booking">{receipt.bookingReference}</dd>
          </>
        )}
        <dt>{held ? t('amountHeld') : t('amountPaid')}</dt>
        <dd className="checkout-amount" data-testid="receipt-amount">
          {money(receipt.amount)}
        </dd>
        {receipt.surcharge > 0 && (
          <>
            <dt>{t('surcharge')}</dt>
            <dd data-testid="receipt-surcharge">{money(receipt.surcharge)}</dd>
          </>
        )}
        {receipt.dcc && (
          <>
            <dt>{t('dccCurrency')}</dt>
            <dd data-testid="receipt-dcc-currency">{isoCurrency(receipt.dcc.cardCurrency)}</dd>
            <dt>{t('dccRate')}</dt>
            <dd data-testid="receipt-dcc-rate">
              {t('dccRateValue', {
                from: isoCurrency(receipt.currency),
                to: isoCurrency(receipt.dcc.cardCurrency),
                rate: format.number(receipt.dcc.rate, { maximumFractionDigits: 6 }),
              })}
            </dd>
            <dt>{t('dccMarkup')}</dt>
            <dd data-testid="receipt-dcc-markup">
              {format.number(receipt.dcc.markupBps / 10_000, { style: 'percent', maximumFractionDigits: 2 })}
            </dd>
            <dt>{t('dccAmount')}</dt>
            <dd data-testid="receipt-dcc-amount">{money(receipt.dcc.convertedAmount, receipt.dcc.cardCurrency)}</dd>
          </>
        )}
        <dt>{t('method')}</dt>
        <dd data-testid="receipt-method">
          {receipt.type === 'OPEN_BANKING'
            ? t('bank')
            : await withWallet(
                t('card', { brand: cardBrandName(receipt.cardBrand), lastFour: receipt.cardLastFour ?? '' }),
                receipt.wallet,
              )}
        </dd>
        <dt>{t('date')}</dt>
        <dd data-testid="receipt-date">{londonDateTimeWithZone(receipt.date, locale)}</dd>
        <dt>{t('transactionId')}</dt>
        <dd data-testid="receipt-transaction">{receipt.id}</dd>
      </dl>
      {held && <p data-testid="receipt-held">{t('held', { organisation })}</p>}
      <LegalDetails organisation={organisation} legal={receipt.legal} />
      <p className="no-print">
        <PrintButton label={t('print')} />
      </p>
    </main>
  );
}
