import { getTranslations } from 'next-intl/server';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { BrandBand } from './checkout-summary';

/**
 * The top of a page that reports an outcome (paid, not taken, cancelled): the organisation's band
 * and the outcome as the page's heading, with what the payment was for. Not the pay page's summary:
 * no "Pay …" heading and no pay-by date, so the page reads as what happened.
 */
export async function ResultHeader({
  checkout,
  title,
  testId,
}: {
  checkout: HostedCheckout;
  title: string;
  testId: string;
}) {
  const t = await getTranslations('Checkout');
  return (
    <header className="checkout-summary">
      <BrandBand checkout={checkout} />
      <h1 data-testid={testId}>{title}</h1>
      {checkout.description && (
        <p data-testid="checkout-description">
          {t('receiptFor')}: {checkout.description}
        </p>
      )}
    </header>
  );
}
