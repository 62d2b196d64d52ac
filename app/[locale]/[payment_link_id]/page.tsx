import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';
import { CancelForm } from './checkout-forms';
import { checkoutPath, notFoundPath } from './checkout-paths';
import { AwaySection, ConfirmingSection, PaymentMethods } from './checkout-sections';
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
      {state === 'confirming' && <ConfirmingSection checkAgainHref={checkoutPath(locale, id)} />}
      {state === 'away' && <AwaySection {...target} />}
      {state === 'active' && (
        <>
          <PaymentMethods checkout={checkout} target={target} storeCard={checkout.storeCard} />
          <CancelForm {...target} />
        </>
      )}
    </main>
  );
}
