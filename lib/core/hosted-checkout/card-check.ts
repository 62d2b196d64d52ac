import type { CardRegion, ExclusionCheck } from '@/lib/payments/card-rules';
import type { CardBrand, CardFacts } from '@/lib/payments/processor/port';
import type { CardQuote } from '../payments/card-quote';

/**
 * What the checkout page may know about a card before any authorisation: its
 * facts (never the number, not even the BIN) and what the link's rules make of
 * it, as structured data so the page words it in the customer's language.
 * Built from quoteCard, the same function payByCard enforces again.
 */
export type ShownCard = {
  brand: CardBrand;
  funding: 'credit' | 'debit';
  cardClass: 'consumer' | 'commercial';
  issuingCountry: string;
  lastFour: string | null;
};

export type CardExclusion =
  | { reason: 'type'; excluded: CardBrand; accepted: CardBrand[] }
  | { reason: 'region'; excluded: CardRegion; accepted: CardRegion[]; organisationCountry: string };

export type CardCheck =
  /** Nothing is known of the card and the link has no rule that needs it: pay as usual. */
  | { status: 'unknown' }
  /** The link's rules need facts nobody could establish: the payment will be refused. */
  | { status: 'unverified' }
  | { status: 'excluded'; card: ShownCard; exclusion: CardExclusion }
  | {
      status: 'accepted';
      card: ShownCard;
      /** The link's currency (our code, e.g. GBX) and the total in it, surcharge included. */
      currency: string;
      total: number;
      surcharge: { amount: number; class: 'commercial' | 'international' } | null;
      /**
       * The card's own currency offer (our code): amount in minor units, rate per major unit of the link's currency, mark-up included.
       * `sandboxRate`: made-up sandbox rates, which the page labels as such (production offers no DCC without a quote source).
       */
      dcc: { currency: string; rate: number; markupBps: number; amount: number; sandboxRate: boolean } | null;
      /**
       * A group member's instalments left after this payment, in due order: what automatic collection
       * would charge this card for each, surcharge included (collection-charge.ts). Absent: no offer.
       */
      collections?: number[];
    }
  /** The link can no longer be paid (paid in another tab, expired): the page reloads to show why. */
  | { status: 'unavailable' };

export function shownCard(card: CardFacts): ShownCard {
  return {
    brand: card.brand,
    funding: card.funding,
    cardClass: card.cardClass,
    issuingCountry: card.issuingCountry,
    lastFour: /^\d{4}$/.test(card.lastFour) ? card.lastFour : null,
  };
}

/** A refusal of the card rules as the page words it: what is refused and what is still accepted. */
export function cardExclusion(check: Exclude<ExclusionCheck, { allowed: true }>): CardExclusion {
  return check.reason === 'type'
    ? { reason: 'type', excluded: check.excluded, accepted: [...check.accepted] }
    : {
        reason: 'region',
        excluded: check.excluded,
        accepted: [...check.accepted],
        organisationCountry: check.organisationCountry,
      };
}

/** The page's view of a quote: facts copied field by field, so nothing else (the BIN, a name) reaches the browser. */
export function cardCheckFromQuote(quote: CardQuote, linkCurrency: string): CardCheck {
  if (!quote.accepted) {
    if (!quote.exclusion || !quote.card) return { status: 'unverified' };
    return { status: 'excluded', card: shownCard(quote.card), exclusion: cardExclusion(quote.exclusion) };
  }
  if (!quote.card?.brand || !quote.card.issuingCountry) return { status: 'unknown' };
  const surchargeClass =
    quote.surchargeClass === 'commercial' || quote.surchargeClass === 'international' ? quote.surchargeClass : null;
  return {
    status: 'accepted',
    card: shownCard(quote.card),
    currency: linkCurrency,
    total: quote.total,
    surcharge: quote.surcharge > 0 && surchargeClass ? { amount: quote.surcharge, class: surchargeClass } : null,
    dcc: quote.dcc
      ? {
          currency: quote.dcc.cardCurrency,
          rate: quote.dcc.rate,
          markupBps: quote.dcc.markup_bps,
          amount: quote.dcc.converted_amount,
          sandboxRate: quote.dcc.source === 'sandbox',
        }
      : null,
  };
}
