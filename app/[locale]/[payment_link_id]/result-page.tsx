import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { resultPageAllowed } from '@/lib/core/hosted-checkout/checkout-page-state';
import { Link } from '@/lib/i18n/link';
import { checkoutPath } from './checkout-paths';
import { checkoutPageData } from './checkout-state';
import { failureKind, failureMessageKeys } from './failure-reason';
import { notFoundPageTitle, organisationPageTitle } from '../page-title';
import { Receipt } from './receipt';
import { ResultHeader } from './result-header';

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

/** Attempts whose recorded reason the failure page explains. */
const failedStatuses = ['DECLINED', 'FAILED', 'REJECTED'];

/**
 * The default success, failure and cancel pages (used when the link has no
 * URL of its own). Each shows only in the states the table allows: a stale
 * "failed" tab of a link paid since goes to the link, which shows the receipt.
 * Success reads as a confirmation (receipt.tsx); failure says why, from the
 * attempt's recorded reason (failure-reason.ts), and what to do next.
 */
export async function ResultPage({ params, kind }: ResultProps & { kind: ResultKind }) {
  await connection();
  const { locale, payment_link_id: id } = await params;
  const { checkout, state } = await checkoutPageData(id);
  if (!checkout) notFound();
  if (!resultPageAllowed[kind].includes(state)) redirect(checkoutPath(locale, id));
  const t = await getTranslations('Checkout');
  const title = { success: t('successTitle'), failure: t('failureTitle'), cancel: t('cancelTitle') }[kind];
  const failed = kind === 'failure' && checkout.latest && failedStatuses.includes(checkout.latest.status);
  const reason = failureMessageKeys(failureKind(failed ? checkout.latest!.failureReason : null));
  return (
    <main className="checkout narrow" data-testid={`result-${kind}`}>
      <ResultHeader checkout={checkout} title={title} testId="result-title" />
      {kind === 'success' && checkout.latest && (
        <Receipt checkout={checkout} payment={checkout.latest} locale={locale} />
      )}
      {kind === 'failure' && (
        <div data-testid="failure-reason" data-kind={failed ? failureKind(checkout.latest!.failureReason) : 'none'}>
          {failed && <p data-testid="failure-why">{t(reason.why)}</p>}
          <p data-testid="failure-next">{t(failed ? reason.next : 'failureBody')}</p>
        </div>
      )}
      {kind === 'cancel' && <p>{t('cancelBody')}</p>}
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
