import { getTranslations } from 'next-intl/server';
import type { StoreCardChoice } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { SurfaceFields, type CheckoutSurface } from '../checkout-surface';

/** The fields every wallet form posts: the page's link, language, a member's covered links and the embed's surface. */
export function WalletTarget({
  linkId,
  locale,
  surface,
  covered = [],
}: {
  linkId: string;
  locale: string;
  surface?: CheckoutSurface;
  covered?: readonly string[];
}) {
  return (
    <>
      <input type="hidden" name="linkId" value={linkId} />
      <input type="hidden" name="locale" value={locale} />
      {covered.map((id) => (
        <input key={id} type="hidden" name="covered" value={id} />
      ))}
      <SurfaceFields surface={surface} />
    </>
  );
}

/** The store-card choice as the card form offers it, in the wallet's own words (unticked; a sentence when forced; nothing when hidden). */
export async function WalletStoreCard({ choice, id }: { choice: StoreCardChoice; id: string }) {
  const t = await getTranslations('CardFacts');
  const own = await getTranslations('Wallet');
  if (choice === 'hidden') return null;
  if (choice === 'forced') return <p className="muted">{t('storeCardForced')}</p>;
  return (
    <div className="choice-option">
      <input type="checkbox" id={id} name="storeCard" value="on" data-testid="wallet-store-card" />
      <label htmlFor={id}>{own('storeCard')}</label>
    </div>
  );
}
