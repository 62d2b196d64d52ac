import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { resultPageAllowed } from '@/lib/core/hosted-checkout/checkout-page-state';
import { Link } from '@/lib/i18n/navigation';
import { checkoutPath, notFoundPath } from './checkout-paths';
import { checkoutPageData } from './checkout-state';
import { CheckoutSummary } from './checkout-summary';
import { notFoundPageTitle, organisationPageTitle } from '../page-title';
import { Receipt } from './receipt';

export type ResultProps = { params: Promise<{ locale: string; payment_link_id: string }> };
type ResultKind = 'success' | 'failure' | 'cancel';

/** Each result page's generateMetadata: "Payment confirmed – {organisation}" (page-title.ts). */
export const resultPageTitle =
  (kind: ResultKind) =>
  async ({ params }: ResultProps): Promise<Metadata> => {
    const { locale, payment_link_id: id } = await params;
    const { checkout } = await checkoutPageData(id);
    return checkout ? organisationPageTitle(locale, kind, checkout.organisationName) : notFoundPageTitle(locale);
  };

/**
 * The default success, failure and cancel pages (used when the link has no
 * URL of its own). Each shows only in the states the table allows: a stale
 * "failed" tab of a link paid since goes to the link, which shows the receipt.
 */
export async function ResultPage({ params, kind }: ResultProps & { kind: ResultKind }) {
  await connection();
  const { locale, payment_link_id: id } = await params;
  const { checkout, state } = await checkoutPageData(id);
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
