import { getTranslations } from 'next-intl/server';
import { cancelAction, startOpenBankingAction } from './actions';
import { SurfaceFields, type CheckoutSurface } from './checkout-surface';

/**
 * surface: the embed passes its own (checkout-surface.tsx); the payment link page needs none.
 * covered: a group member's other links paid with this one (docs/groups.md).
 */
type Target = { linkId: string; locale: string; surface?: CheckoutSurface; covered?: string[] };

const Hidden = ({ linkId, locale, surface, covered = [] }: Target) => (
  <>
    <input type="hidden" name="linkId" value={linkId} />
    <input type="hidden" name="locale" value={locale} />
    {covered.map((id) => (
      <input key={id} type="hidden" name="covered" value={id} />
    ))}
    <SurfaceFields surface={surface} />
  </>
);

/** Open banking needs no client code: a plain form whose action redirects to the bank (works before hydration). */
export async function OpenBankingForm(target: Target) {
  const t = await getTranslations('Checkout');
  return (
    <form action={startOpenBankingAction} className="stack" data-testid="bank-form">
      <Hidden {...target} />
      <p>{t('bankIntro')}</p>
      <button type="submit">{t('bankButton')}</button>
    </form>
  );
}

/** Cancel: abandons an attempt waiting at 3-D Secure or the bank, then the cancel page or the link's cancel URL. */
export async function CancelForm(target: Target) {
  const t = await getTranslations('Checkout');
  return (
    <form action={cancelAction} className="cancel-form">
      <Hidden {...target} />
      <button type="submit" className="secondary">
        {t('cancelButton')}
      </button>
    </form>
  );
}
