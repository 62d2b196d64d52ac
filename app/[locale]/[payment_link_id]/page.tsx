import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { adyenClientConfig, isSandbox } from '@/lib/config';
import { hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';
import { Link } from '@/lib/i18n/navigation';
import { CardForm } from './card-form';
import { CancelForm, OpenBankingForm } from './checkout-forms';
import { notFoundPath } from './checkout-paths';
import { CheckoutSummary } from './checkout-summary';
import { Receipt } from './receipt';

type Props = { params: Promise<{ locale: string; payment_link_id: string }> };

/**
 * The payment link checkout. What it shows comes from the state table
 * (lib/core/hosted-checkout/checkout-page-state.ts) and nothing else, so a
 * refresh, the back button or a second tab always shows what is true now.
 */
export default async function CheckoutPage({ params }: Props) {
  await connection();
  const { locale, payment_link_id: id } = await params;
  const { checkout, state } = await hostedCheckoutState(id);
  if (!checkout) redirect(notFoundPath(locale, id));
  const t = await getTranslations('Checkout');
  const organisation = checkout.organisationName;
  const target = { linkId: id, locale };
  const adyen = adyenClientConfig();
  return (
    <main className="checkout narrow" data-state={state} data-testid="checkout">
      <CheckoutSummary checkout={checkout} locale={locale} />
      {state === 'paid' && checkout.latest && (
        <>
          <h2 data-testid="paid-title">{t('paidTitle')}</h2>
          <p>{t('paidBody')}</p>
          <Receipt checkout={checkout} payment={checkout.latest} locale={locale} />
        </>
      )}
      {state === 'expired' && (
        <section data-testid="expired">
          <h2>{t('expiredTitle')}</h2>
          <p>{t('expiredBody', { organisation })}</p>
        </section>
      )}
      {state === 'confirming' && (
        <section data-testid="confirming">
          <h2>{t('confirmingTitle')}</h2>
          <p>{t('confirmingBody')}</p>
          <Link href={`/${id}`}>{t('checkAgain')}</Link>
        </section>
      )}
      {state === 'away' && (
        <section data-testid="away">
          <h2>{t('awayTitle')}</h2>
          <p>{t('awayBody')}</p>
          <CancelForm {...target} />
        </section>
      )}
      {state === 'active' && (
        <>
          {checkout.authorisationOnly && <p className="notice">{t('preAuthorisation', { organisation })}</p>}
          {checkout.methods.card && (
            <section aria-labelledby="card-heading">
              <h2 id="card-heading">{t('cardHeading')}</h2>
              {/* The project's own card fields post raw card numbers: sandbox only. Production uses Adyen's Card
                  component (encrypted fields); without its client key there is no card entry at all. */}
              {isSandbox() || adyen ? (
                <CardForm linkId={id} locale={locale} amount={checkout.amount} currency={checkout.currency}
                  authorisationOnly={checkout.authorisationOnly} storeCard={checkout.storeCard} bankAvailable={checkout.methods.openBanking}
                  adyen={!isSandbox() && adyen ? { ...adyen, countryCode: checkout.organisationCountry } : null} />
              ) : (
                <p className="notice">{t('cardUnavailable', { organisation })}</p>
              )}
            </section>
          )}
          {checkout.methods.openBanking && (
            <section aria-labelledby="bank-heading">
              <h2 id="bank-heading">{t('bankHeading')}</h2>
              <OpenBankingForm {...target} />
            </section>
          )}
          <CancelForm {...target} />
        </>
      )}
    </main>
  );
}
