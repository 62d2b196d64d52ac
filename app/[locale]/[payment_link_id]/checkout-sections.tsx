import { getTranslations } from 'next-intl/server';
import { adyenClientConfig, isSandbox } from '@/lib/config';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import type { StoreCardText } from './card-entry/card-choices';
import { CardMessages } from './card-entry/card-messages';
import { CardForm } from './card-form';
import { Receipt } from './receipt';
import { CancelForm, OpenBankingForm } from './checkout-forms';
import type { CheckoutSurface } from './checkout-surface';
import { WalletSection } from './wallet-entry/wallet-section';

/*
 * The sections of the checkout that the payment link page and the embed
 * (app/[locale]/embed) both show, written once so the two cannot drift.
 */

type Target = { linkId: string; locale: string; surface?: CheckoutSurface };

/** Whose wording the paid and expired states use: a link's page speaks of the link, the embed of the payment. */
type Wording = 'Checkout' | 'Embed';

/** Paid (or held): what was paid and the receipt; never a form. `titled`: false where the page's heading already says it. */
export async function PaidSection({
  checkout,
  locale,
  wording,
  titled = true,
}: {
  checkout: HostedCheckout;
  locale: string;
  wording: Wording;
  titled?: boolean;
}) {
  const t = await getTranslations(wording);
  if (!checkout.latest) return null;
  return (
    <>
      {titled && <h2 data-testid="paid-title">{t('paidTitle')}</h2>}
      <p>{t('paidBody')}</p>
      <Receipt checkout={checkout} payment={checkout.latest} locale={locale} />
    </>
  );
}

/** Past its expiry: no form. */
export async function ExpiredSection({ organisation, wording }: { organisation: string; wording: Wording }) {
  const t = await getTranslations(wording);
  return (
    <section data-testid="expired">
      <h2>{t('expiredTitle')}</h2>
      <p>{t('expiredBody', { organisation })}</p>
    </section>
  );
}

/** The attempt is with the processor: nothing to do but look again (a plain link: a full load reads the state table). */
export async function ConfirmingSection({ checkAgainHref }: { checkAgainHref: string }) {
  const t = await getTranslations('Checkout');
  return (
    <section data-testid="confirming">
      <h2>{t('confirmingTitle')}</h2>
      <p>{t('confirmingBody')}</p>
      <a href={checkAgainHref}>{t('checkAgain')}</a>
    </section>
  );
}

/** An attempt waits at 3-D Secure or the bank: the customer may give it up, and the link is payable again. */
export async function AwaySection(target: Target) {
  const t = await getTranslations('Checkout');
  return (
    <section data-testid="away">
      <h2>{t('awayTitle')}</h2>
      <p>{t('awayBody')}</p>
      <CancelForm {...target} />
    </section>
  );
}

type MethodsProps = {
  checkout: HostedCheckout;
  target: Target;
  /** The store-card choice to offer (the embed's hsc flag may hide it). */
  storeCard: HostedCheckout['storeCard'];
  hidePayButton?: boolean;
  /** A group member's choice: the other links paid with this one, their total, and the store-card offer's words. */
  selection?: { covered: string[]; amount: number; storeCardText?: StoreCardText };
};

/** The hold notice, then card entry and open banking as the link allows. */
export async function PaymentMethods({ checkout, target, storeCard, hidePayButton, selection }: MethodsProps) {
  const t = await getTranslations('Checkout');
  const organisation = checkout.organisationName;
  const adyen = adyenClientConfig();
  return (
    <>
      {checkout.authorisationOnly && <p className="notice">{t('preAuthorisation', { organisation })}</p>}
      {checkout.methods.card && (
        <WalletSection checkout={checkout} target={target} storeCard={storeCard} selection={selection} />
      )}
      {checkout.methods.card && (
        <section aria-labelledby="card-heading" data-embed-pay="card">
          <h2 id="card-heading">{t('cardHeading')}</h2>
          {/* The project's own card fields post raw card numbers: sandbox only. Production uses Adyen's Card
              component (encrypted fields); without its client key there is no card entry at all. */}
          {isSandbox() || adyen ? (
            <CardMessages>
              <CardForm
                linkId={target.linkId}
                locale={target.locale}
                amount={selection?.amount ?? checkout.amount}
                currency={checkout.currency}
                covered={selection?.covered}
                storeCardText={selection?.storeCardText}
                authorisationOnly={checkout.authorisationOnly}
                storeCard={storeCard}
                bankAvailable={checkout.methods.openBanking}
                adyen={!isSandbox() && adyen ? { ...adyen, countryCode: checkout.organisationCountry } : null}
                surface={target.surface}
                hidePayButton={hidePayButton}
              />
            </CardMessages>
          ) : (
            <p className="notice">{t('cardUnavailable', { organisation })}</p>
          )}
        </section>
      )}
      {checkout.methods.openBanking && (
        <section aria-labelledby="bank-heading" data-embed-pay="bank">
          <h2 id="bank-heading">{t('bankHeading')}</h2>
          <OpenBankingForm {...target} covered={selection?.covered} />
        </section>
      )}
    </>
  );
}
