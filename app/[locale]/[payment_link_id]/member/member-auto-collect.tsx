import { getTranslations } from 'next-intl/server';
import type { MemberPage } from '@/lib/core/groups/member-page';
import { formatMoney } from '@/lib/money';
import { checkoutPath } from '../checkout-paths';
import { autoCollectOffAction } from './actions';

type Props = { view: MemberPage; locale: string; date: (value: Date) => string };

/** Card brands by their names (never the processor's enum). */
const brandNames: Record<string, string> = { VISA: 'Visa', MASTER: 'Mastercard', AMEX: 'American Express' };

/**
 * Automatic collection: on (with the stored card's brand, last four and expiry) or off; the member
 * turns it off here (a plain form: works without JavaScript). A card is stored, or replaced, only
 * through a payment: no card check without one is made (the processors' zero-amount verification
 * is not wired in: docs/groups.md), so "replace the card" is paying the next instalment with the new
 * card and ticking the store-card choice, which moves every queued collection to it (auto-collect.ts).
 */
export async function MemberAutoCollect({ view, locale, date }: Props) {
  const t = await getTranslations('MemberPage');
  const next = view.instalments.find((i) => i.linkId === view.storeCardLinkId);
  const card = view.autoCollect ? view.card : null;
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
      {next && (
        <>
          <h3>{view.autoCollect ? t('replaceCardHeading') : t('storeCardHeading')}</h3>
          <p>
            {t('replaceCardHow', {
              sequence: next.sequence ?? 1,
              amount: formatMoney(next.amount, view.currency, locale),
              date: next.dueAt ? date(next.dueAt) : '',
            })}
          </p>
          <p>
            <a href={checkoutPath(locale, next.linkId)} data-testid="replace-card">
              {view.autoCollect ? t('replaceCardLink') : t('storeCardLink')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
