import { getTranslations } from 'next-intl/server';
import type { StoreCardChoice } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { walletNames } from '@/lib/payments/wallet-names';
import type { CheckoutSurface } from '../checkout-surface';
import { sandboxWalletCards } from './sandbox-wallet-cards';
import { walletCardLabel } from './wallet-card-label';
import { WalletStoreCard, WalletTarget } from './wallet-form-fields';
import { paySandboxWalletAction } from './wallet-actions';

type Props = {
  linkId: string;
  locale: string;
  surface?: CheckoutSurface;
  covered?: readonly string[];
  storeCard: StoreCardChoice;
};

/**
 * The sandbox's stand-in for Apple Pay and Google Pay: a plain form (no script, so no first-load JavaScript and
 * it works without JavaScript), clearly labelled, whose chosen test card is paid as the chosen wallet through the
 * same server path as a card (wallet-actions.ts).
 */
export async function SandboxWalletForm({ linkId, locale, surface, covered, storeCard }: Props) {
  const t = await getTranslations('Wallet');
  const cards = await Promise.all(
    sandboxWalletCards.map(async (card) => ({ profile: card.profile, label: await walletCardLabel(card, locale) })),
  );
  return (
    <form action={paySandboxWalletAction} className="stack" data-testid="sandbox-wallet-form">
      <WalletTarget linkId={linkId} locale={locale} surface={surface} covered={covered} />
      <p className="notice" data-testid="sandbox-wallet-label">
        <strong>{t('sandboxLabel')}</strong>
        <br />
        {t('sandboxIntro')}
      </p>
      <div className="field">
        <label htmlFor="wallet-card">{t('cardLabel')}</label>
        <select id="wallet-card" name="walletCard" data-testid="wallet-card">
          {cards.map((card) => (
            <option key={card.profile} value={card.profile}>
              {card.label}
            </option>
          ))}
        </select>
      </div>
      <WalletStoreCard choice={storeCard} id="wallet-store-card" />
      <div className="wallet-buttons">
        {(['apple_pay', 'google_pay'] as const).map((wallet) => (
          <button
            key={wallet}
            type="submit"
            name="wallet"
            value={wallet}
            className="secondary"
            data-testid={`sandbox-wallet-${wallet}`}
          >
            {t('payWith', { wallet: walletNames[wallet] })}
          </button>
        ))}
      </div>
    </form>
  );
}
