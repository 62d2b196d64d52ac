import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { hostedReplacementLink } from '@/lib/core/hosted-checkout/replacement-link';
import { CancelForm } from './checkout-forms';
import { checkoutPath } from './checkout-paths';
import { AwaySection, ConfirmingSection, ExpiredSection, PaidSection, PaymentMethods } from './checkout-sections';
import { checkoutPageData } from './checkout-state';
import { CheckoutSummary } from './checkout-summary';
import { checkoutPageTitle } from '../page-title';
import { ResultHeader } from './result-header';
import { autoCollectText, InstalmentChoiceForm, MemberShare, PayingSummary } from './member-share';
import { chosenPayment } from '@/lib/core/hosted-checkout/member-checkout';

const paidTitle = async () => (await getTranslations('Checkout'))('paidTitle');

type Props = {
  params: Promise<{ locale: string; payment_link_id: string }>;
  searchParams: Promise<{ pay?: string | string[] }>;
};

export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  const { locale, payment_link_id: id } = await params;
  return checkoutPageTitle(locale, (await checkoutPageData(id)).checkout);
}

/**
 * The payment link checkout. What it shows comes from the state table
 * (lib/core/hosted-checkout/checkout-page-state.ts) and nothing else, so a
 * refresh, the back button or a second tab always shows what is true now.
 * A group member's link adds their share and how many instalments to pay
 * (`?pay=n`, member-share.tsx); the forms then pay that choice.
 */
export default async function CheckoutPage({ params, searchParams }: Props) {
  await connection();
  const { locale, payment_link_id: id } = await params;
  const { checkout, state } = await checkoutPageData(id);
  if (!checkout) {
    // A member's replaced link (a schedule change) leads to their current one; any other unknown id is the 404.
    const current = await hostedReplacementLink(id);
    if (current) redirect(checkoutPath(locale, current));
    notFound();
  }
  const organisation = checkout.organisationName;
  const target = { linkId: id, locale };
  const member = checkout.member;
  const chosen = chosenPayment(member, (await searchParams).pay);
  const money = { currency: checkout.currency, locale };
  return (
    <main className="checkout narrow" data-state={state} data-testid="checkout">
      {/* Paid: the page reads as a confirmation (the outcome as its heading), never as the pay page again. */}
      {state === 'paid' ? (
        <ResultHeader checkout={checkout} title={await paidTitle()} testId="paid-title" />
      ) : (
        <CheckoutSummary checkout={checkout} locale={locale} />
      )}
      {state === 'paid' && <PaidSection checkout={checkout} locale={locale} wording="Checkout" titled={false} />}
      {member && <MemberShare member={member} {...money} />}
      {state === 'expired' && <ExpiredSection organisation={organisation} wording="Checkout" />}
      {state === 'confirming' && <ConfirmingSection checkAgainHref={checkoutPath(locale, id)} />}
      {state === 'away' && <AwaySection {...target} />}
      {state === 'active' && (
        <>
          {member && chosen && member.choices.length > 1 && (
            <InstalmentChoiceForm member={member} chosen={chosen} linkId={id} {...money} />
          )}
          {chosen && <PayingSummary chosen={chosen} {...money} />}
          <PaymentMethods
            checkout={checkout}
            target={target}
            storeCard={checkout.storeCard}
            selection={
              chosen
                ? {
                    covered: chosen.covered,
                    amount: chosen.amount,
                    storeCardText: await autoCollectText(chosen, organisation, checkout.currency),
                  }
                : undefined
            }
          />
          <CancelForm {...target} />
        </>
      )}
    </main>
  );
}
