import { eq } from 'drizzle-orm';
import { organisations, paymentLinks, savedCards } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';
import type { CardBrand, CardFacts } from '@/lib/payments/processor';
import { quoteCard } from '../payments/card-quote';
import type { PayableCheckout } from '../payments/load-payable-checkout';

/*
 * What automatic collection charges for one instalment (docs/groups.md, "Automatic collection: the
 * amount"; issue 16 item 13). The rule: what the member is shown when opting in is exactly what is
 * collected, surcharge included. The surcharge is the one the same card attracts by the same rules
 * as at checkout (quoteCard, with the instalment's amount in place of the payment's): the member's
 * link's surcharging option and the organisation's rates and country. The card check shows these
 * amounts under the opt-in tick; the opt-in (enableAutoCollect) and a schedule change
 * (recreateCollections) write them on the scheduled payment (`amount` with the surcharge in it,
 * `surcharge` the part); the runner charges that amount and records that surcharge. Without the
 * card's facts (none stored) no surcharge: a link that surcharges refuses such a card at checkout.
 */

export type CollectionCharge = { amount: number; surcharge: number };
type Rules = Pick<PayableCheckout, 'link' | 'organisation' | 'settings'>;
type CardClassFacts = Pick<CardFacts, 'cardClass' | 'issuingCountry'> & Partial<CardFacts>;

export function collectionCharge(amount: number, card: CardClassFacts | null, rules: Rules): CollectionCharge {
  if (!card?.issuingCountry) return { amount, surcharge: 0 };
  const facts: CardFacts = {
    brand: card.brand ?? 'VISA',
    bin: card.bin ?? '',
    lastFour: card.lastFour ?? '',
    funding: card.funding ?? 'credit',
    ...card,
  };
  const quote = quoteCard({ ...rules, link: { ...rules.link, amount } }, facts);
  const surcharge = quote.accepted ? quote.surcharge : 0;
  return { amount: amount + surcharge, surcharge };
}

/** The rules of a member's link as a payment on it reads them (loadPayableCheckout's link and settings). */
export async function loadSurchargeRules(db: Executor, linkId: string): Promise<Rules | null> {
  const [row] = await db
    .select({ link: paymentLinks, organisation: organisations })
    .from(paymentLinks)
    .innerJoin(organisations, eq(organisations.id, paymentLinks.organisationId))
    .where(eq(paymentLinks.id, linkId));
  return row
    ? { ...row, settings: effectivePaymentSettings(row.organisation.settings, row.organisation.country) }
    : null;
}

/** A stored card's facts as the surcharge rules read them. */
export async function savedCardFacts(db: Executor, savedCardId: string | null): Promise<CardClassFacts | null> {
  if (!savedCardId) return null;
  const [card] = await db.select().from(savedCards).where(eq(savedCards.id, savedCardId));
  if (!card?.issuingCountry || (card.cardClass !== 'consumer' && card.cardClass !== 'commercial')) return null;
  return {
    cardClass: card.cardClass,
    issuingCountry: card.issuingCountry,
    brand: card.cardBrand as CardBrand,
    funding: card.funding === 'debit' ? 'debit' : 'credit',
  };
}
