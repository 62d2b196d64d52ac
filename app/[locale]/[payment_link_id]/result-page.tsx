import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { resultPageAllowed } from '@/lib/core/hosted-checkout/checkout-page-state';
import { hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';
import { Link } from '@/lib/i18n/navigation';
import { checkoutPath, notFoundPath } from './checkout-paths';
import { CheckoutSummary } from './checkout-summary';
import { Receipt } from './receipt';

export type ResultProps = { params: Promise<{ locale: string; payment_link_id: string }> };

/**
 * The default success, failure and cancel pages (used when the link has no
 * URL of its own). Each shows only in the states the table allows: a stale
 * "failed" tab of a link paid since goes to the link, which shows the receipt.
 */
export async function ResultPage({ params, kind }: ResultProps & { kind: 'success' | 'failure' | 'cancel' }) {
  await connection();
  const { locale, payment_link_id: id } = await params;
  const { checkout, state } = await hostedCheckoutState(id);
  if (!checkout) redirect(notFoundPath(locale, id));
  if (!resultPageAllowed[kind].includes(state)) redirect(checkoutPath(locale, id));
  const t = await getTranslations('Checkout');
  const title = { success: t('successTitle'), failure: t('failureTitle'), cancel: t('cancelTitle') }[kind];
  return (
    <main className="checkout narrow" data-testid={`result-${kind}`}>
      <CheckoutSummary checkout={checkout} locale={locale} />
      <h2 data-testid="result-title">{title}</h2>
      {kind === 'success' && checkout.latest && (
        <Receipt checkout={checkout} payment={checkout.latest} locale={locale} />
      )}
      {kind !== 'success' && <p>{kind === 'failure' ? t('failureBody') : t('cancelBody')}</p>}
      {state === 'active' && (
        <p>
          <Link href={`/${id}`} data-testid="try-again">
            {kind === 'failure' ? t('tryAgain') : t('backToPayment')}
          </Link>
        </p>
      )}
      {state === 'expired' && <p>{t('expiredBody', { organisation: checkout.organisationName })}</p>}
    </main>
  );
}
