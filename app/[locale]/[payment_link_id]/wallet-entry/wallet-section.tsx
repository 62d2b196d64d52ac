import { getTranslations } from 'next-intl/server';
import { adyenClientConfig, isSandbox } from '@/lib/config';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { isoCurrency } from '@/lib/money';
import { configuredWallets, walletClientConfig } from '@/lib/payments/wallet-config';
import type { CheckoutSurface } from '../checkout-surface';
import { AdyenWalletButtons } from './adyen-wallet-buttons';
import { SandboxWalletForm } from './sandbox-wallet-form';

type Props = {
  checkout: HostedCheckout;
  target: { linkId: string; locale: string; surface?: CheckoutSurface };
  storeCard: HostedCheckout['storeCard'];
  selection?: { covered: string[]; amount: number; storeCardText?: { label: string } };
};

/**
 * Apple Pay and Google Pay, where a card may pay (docs/checkout.md, "Wallets"). Sandbox: the labelled stand-in,
 * a plain form. Production: the wallet buttons, only with Adyen's client key and a configured wallet; otherwise
 * nothing, so a page without wallets loads no wallet code at all. On a link whose rules need the card's facts, a
 * wallet's token reveals none before the payment: the server authorises it, then decides (wallet-decision.ts), and
 * the page says that a surcharge, if any, is shown before anything is taken.
 */
export async function WalletSection({ checkout, target, storeCard, selection }: Props) {
  const t = await getTranslations('Wallet');
  // A MOTO payment is the agent's, taken by phone or mail: no wallet of the customer's is there to pay with.
  if (target.surface?.kind === 'embed' && target.surface.flags.moto) return null;
  if (isSandbox()) {
    return (
      <section aria-labelledby="wallet-heading" data-testid="wallet">
        <h2 id="wallet-heading">{t('heading')}</h2>
        <SandboxWalletForm
          {...target}
          covered={selection?.covered}
          // A member's tick collects their remaining instalments automatically: offered by the card form only.
          storeCard={selection?.storeCardText && storeCard === 'choice' ? 'hidden' : storeCard}
        />
      </section>
    );
  }
  const adyen = adyenClientConfig();
  const wallets = walletClientConfig();
  if (!adyen || configuredWallets(wallets).length === 0) return null;
  return (
    <AdyenWalletButtons
      linkId={target.linkId}
      locale={target.locale}
      covered={selection?.covered ?? []}
      embedFlags={target.surface?.kind === 'embed' ? target.surface.flags : null}
      adyen={{ ...adyen, countryCode: checkout.organisationCountry }}
      amount={{ value: selection?.amount ?? checkout.amount, currency: isoCurrency(checkout.currency) }}
      wallets={wallets}
      text={{
        heading: t('heading'),
        refused: t('tokenRefused'),
        ...(checkout.cardRulesNeedFacts ? { note: t('surchargeShownFirst') } : {}),
      }}
    />
  );
}
