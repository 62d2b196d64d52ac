import { getTranslations } from 'next-intl/server';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { formatMoney } from '@/lib/money';
import { walletKinds, type WalletKind } from '@/lib/payments/processor/port';
import { sandboxCardByProfile } from '@/lib/payments/processor/sandbox/sandbox-cards';
import { walletNames } from '@/lib/payments/wallet-names';
import type { CheckoutSurface } from '../checkout-surface';
import { walletCardLabel } from './wallet-card-label';
import { WalletStoreCard, WalletTarget } from './wallet-form-fields';
import { paySandboxWalletAction } from './wallet-actions';

/** The sandbox wallet's confirmation as its page's query gives it (wallet-paths.ts); null when it names no wallet or card. */
export type WalletSheetQuery = {
  wallet: WalletKind;
  card: string;
  covered: string[];
  surcharge: number | null;
  total: number | null;
  refused: boolean;
};

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const count = (value: string | string[] | undefined) => {
  const text = one(value);
  return text && /^\d{1,12}$/.test(text) ? Number(text) : null;
};

export function walletSheetQuery(query: Record<string, string | string[] | undefined>): WalletSheetQuery | null {
  const wallet = one(query.wallet);
  const card = one(query.card);
  if (!wallet || !(walletKinds as readonly string[]).includes(wallet) || !card || !sandboxCardByProfile(card))
    return null;
  const covered = [query.covered ?? []].flat().filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  return {
    wallet: wallet as WalletKind,
    card,
    covered,
    surcharge: count(query.surcharge),
    total: count(query.total),
    refused: one(query.refused) === '1',
  };
}

type Props = {
  checkout: HostedCheckout;
  locale: string;
  surface?: CheckoutSurface;
  sheet: WalletSheetQuery;
  /** Where "choose another card" goes: the checkout the wallet was chosen on. */
  backHref: string;
};

/**
 * The sandbox wallet's sheet, as Apple Pay's and Google Pay's own show the total before the customer confirms:
 * the card's surcharge and the total to accept (posted again as acceptedSurcharge: payByCard takes only that
 * amount), or the link's refusal of the card. Only the sandbox reaches it; the server decides everything again.
 */
export async function WalletSheet({ checkout, locale, surface, sheet, backHref }: Props) {
  const t = await getTranslations('Wallet');
  const card = sandboxCardByProfile(sheet.card)!;
  const wallet = walletNames[sheet.wallet];
  const money = (value: number) => formatMoney(value, checkout.currency, locale);
  const confirm = !sheet.refused && sheet.surcharge !== null && sheet.total !== null;
  return (
    <section className="card" aria-labelledby="wallet-sheet-heading" data-testid="wallet-sheet">
      <h2 id="wallet-sheet-heading">{t('sheetTitle', { wallet })}</h2>
      <p className="notice">
        <strong>{t('sandboxLabel')}</strong>
      </p>
      <p data-testid="wallet-sheet-card">{await walletCardLabel(card, locale)}</p>
      {sheet.refused && (
        <p className="field-error" role="alert" data-testid="wallet-refused">
          {t('refused')}
        </p>
      )}
      {confirm && (
        <form action={paySandboxWalletAction} className="stack" data-testid="wallet-confirm-form">
          <WalletTarget linkId={checkout.id} locale={locale} surface={surface} covered={sheet.covered} />
          <input type="hidden" name="walletCard" value={sheet.card} />
          <input type="hidden" name="acceptedSurcharge" value={sheet.surcharge!} />
          <p data-testid="wallet-surcharge">
            {t('surchargeBody', { surcharge: money(sheet.surcharge!), total: money(sheet.total!), wallet })}
          </p>
          <WalletStoreCard
            choice={checkout.member && checkout.storeCard === 'choice' ? 'hidden' : checkout.storeCard}
            id="wallet-sheet-store-card"
          />
          <button type="submit" name="wallet" value={sheet.wallet} data-testid="wallet-confirm">
            {t('confirm', { total: money(sheet.total!), wallet })}
          </button>
        </form>
      )}
      <p>
        <a href={backHref} data-testid="wallet-back">
          {t('back')}
        </a>
      </p>
    </section>
  );
}
