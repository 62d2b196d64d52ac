import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';
import { CancelForm } from './checkout-forms';
import { checkoutPath, notFoundPath } from './checkout-paths';
import { AwaySection, ConfirmingSection, ExpiredSection, PaidSection, PaymentMethods } from './checkout-sections';
import { CheckoutSummary } from './checkout-summary';

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
  const organisation = checkout.organisationName;
  const target = { linkId: id, locale };
  return (
    <main className="checkout narrow" data-state={state} data-testid="checkout">
      <CheckoutSummary checkout={checkout} locale={locale} />
      {state === 'paid' && <PaidSection checkout={checkout} locale={locale} wording="Checkout" />}
      {state === 'expired' && <ExpiredSection organisation={organisation} wording="Checkout" />}
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
