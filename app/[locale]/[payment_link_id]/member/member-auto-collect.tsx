import { getTranslations } from 'next-intl/server';
import type { MemberPage } from '@/lib/core/groups/member-page';
import { formatMoney } from '@/lib/money';
import { checkoutPath } from '../checkout-paths';
import { autoCollectOffAction } from './actions';
import { memberCardPath } from './member-paths';

type Props = { view: MemberPage; locale: string; date: (value: Date) => string };

/** Card brands by their names (never the processor's enum). */
export const brandNames: Record<string, string> = { VISA: 'Visa', MASTER: 'Mastercard', AMEX: 'American Express' };

/**
 * Automatic collection: on (with the stored card's brand, last four and expiry) or off; the member
 * turns it off here (a plain form: works without JavaScript). While it is on, with an instalment
 * left to collect, "Replace the card" opens the card replacement (member/card: the card is verified
 * and stored with nothing paid, and the queued collections move to it). While it is off, a card is
 * stored by paying the next instalment with the store-card tick, which turns it back on.
 */
export async function MemberAutoCollect({ view, locale, date }: Props) {
  const t = await getTranslations('MemberPage');
  const next = view.instalments.find((i) => i.linkId === view.storeCardLinkId);
  const card = view.autoCollect ? view.card : null;
  const replaceable = view.autoCollect && view.instalments.some((i) => i.state === 'unpaid' && i.dueAt);
  return (
    <section aria-labelledby="auto-collect-heading" data-testid="member-page-auto-collect">
      <h2 id="auto-collect-heading">{t('autoCollectHeading')}</h2>
      {view.autoCollect ? (
        <>
          <p data-testid="member-page-auto-collect-state" data-state="on">
            {card
              ? t('autoCollectOnCard', {
                  brand: brandNames[card.brand] ?? card.brand,
                  lastFour: card.lastFour,
                  expiry: `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}`,
                })
              : t('autoCollectOn')}
          </p>
          <form action={autoCollectOffAction}>
            <input type="hidden" name="linkId" value={view.linkId} />
            <p className="muted">{t('autoCollectOffHint')}</p>
            <button type="submit" className="secondary" data-testid="auto-collect-off">
              {t('autoCollectOffButton')}
            </button>
          </form>
        </>
      ) : (
        <p data-testid="member-page-auto-collect-state" data-state="off">
          {t('autoCollectOff')}
        </p>
      )}
      {replaceable && (
        <>
          <h3>{t('replaceCardHeading')}</h3>
          <p>{t('replaceCardHowStored')}</p>
          <p>
            <a href={memberCardPath(locale, view.linkId)} data-testid="replace-card">
              {t('replaceCardLinkStored')}
            </a>
          </p>
        </>
      )}
      {!view.autoCollect && next && (
        <>
          <h3>{t('storeCardHeading')}</h3>
          <p>
            {t('replaceCardHow', {
              sequence: next.sequence ?? 1,
              amount: formatMoney(next.amount, view.currency, locale),
              date: next.dueAt ? date(next.dueAt) : '',
            })}
          </p>
          <p>
            <a href={checkoutPath(locale, next.linkId)} data-testid="store-card">
              {t('storeCardLink')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
