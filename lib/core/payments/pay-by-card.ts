import { transactions, type DccChoice } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { isoCurrency } from '@/lib/money';
import { processorFor, type PaymentMethodInput } from '@/lib/payments/processor';
import { quoteCard, type CardQuote } from './card-quote';
import { refuseCardTesting } from './card-testing';
import type { PayableCheckout } from './load-payable-checkout';
import { payableSelection } from './member-coverage';
import { methodNotAccepted } from './payment-errors';
import { settleAuthorisation, settleFailure, type PaymentOutcome } from './settle-payment';
import { startTransaction } from './start-transaction';
import { storedCardUseOf } from './stored-card-use';

type CardQuoteRefusal = Extract<CardQuote, { accepted: false }>;

export type CardPaymentInput = {
  checkoutId: string;
  /** A group member's other links paid with this one (docs/groups.md): one of the member's choices, or the payment is refused. */
  coveredLinkIds?: readonly string[];
  method: PaymentMethodInput;
  /** The customer ticked "save this card"; ignored when the link hides the choice, forced when it forces it. */
  storeCard?: boolean;
  /** The surcharge the customer saw and accepted; a payment that would carry another surcharge is not taken. */
  acceptedSurcharge?: number;
  /** The customer chose to pay in their card's currency at the quoted rate. */
  acceptDcc?: boolean;
  transactionMethod?: 'ONLINE' | 'MOTO_IN_PERSON' | 'MOTO_OTHER';
  returnUrl: string;
  ipAddress?: string | null;
  fingerprint?: string | null;
};

export type CardPaymentOutcome =
  | PaymentOutcome
  | { outcome: 'rejected'; transactionId: string; message: string; exclusion?: CardQuoteRefusal['exclusion'] }
  | { outcome: 'confirm_surcharge'; surcharge: number; total: number };

/**
 * Takes a card payment on a payment link or ecommerce session. Every card rule
 * of the link is enforced here on the server: exclusions, and cards whose
 * facts the rules cannot check (a REJECTED transaction, before any authorisation), surcharge (only when the customer
 * accepted exactly that amount), DCC, pre-authorisation and the store-card options.
 * A payment of several instalments is quoted on their sum, as one amount.
 */
export async function payByCard(db: Db, input: CardPaymentInput): Promise<CardPaymentOutcome> {
  const checkout = await payableSelection(db, input.checkoutId, input.coveredLinkIds);
  const { link } = checkout;
  if (!link.cardEnabled) throw methodNotAccepted('Card payment');
  // Card testing: a link or IP paused after repeated failures is refused here, before the processor sees the card at all.
  const paused = await refuseCardTesting(db, checkout, { ...input, holderName: input.method.holderName });
  if (paused) return paused;
  const processor = processorFor(db);
  const quote = quoteCard(checkout, await processor.lookupCard(input.method));
  if (!quote.accepted) return reject(db, input, checkout, quote);
  const { surcharge, total } = quote;
  if (surcharge > 0 && input.acceptedSurcharge !== surcharge) return { outcome: 'confirm_surcharge', surcharge, total };

  const dccAccepted = Boolean(quote.dcc && input.acceptDcc);
  const dcc: DccChoice | null = quote.dcc
    ? { offered: true, accepted: dccAccepted, card_currency: quote.dcc.cardCurrency, rate: quote.dcc.rate, markup_bps: quote.dcc.markup_bps, converted_amount: quote.dcc.converted_amount }
    : null;
  // What the processor is asked for, recorded before it is asked: captures and refunds must use the same.
  const sent = dccAccepted ? { amount: quote.dcc!.converted_amount, currency: isoCurrency(quote.dcc!.cardCurrency) } : { amount: total, currency: isoCurrency(link.currency) };
  const storeCard = Boolean(link.bookingId) && (link.options.store_card_forced || (!link.options.hide_store_card && input.storeCard === true));
  const { id } = await startTransaction(db, {
    checkoutId: link.id, coveredLinkIds: input.coveredLinkIds, amount: total, surcharge, type: 'CARD', stage: 'authorising', method: input.transactionMethod ?? 'ONLINE',
    storeCard, dcc, processor: sent, ipAddress: input.ipAddress, fingerprint: input.fingerprint,
  });
  try {
    const result = await processor.authorise({
      reference: id, ...sent, method: input.method, capture: !link.options.authorisation_only, storeCard, returnUrl: input.returnUrl, idempotencyKey: id,
      storedCardUse: storedCardUseOf(link),
    });
    return await settleAuthorisation(db, id, result);
  } catch (error) {
    return settleFailure(db, id, error);
  }
}

/** A card the link excludes, or one the link's rules cannot check: recorded as REJECTED, never sent to the processor. */
async function reject(db: Db, input: CardPaymentInput, checkout: PayableCheckout, { card, message, reason, exclusion }: CardQuoteRefusal): Promise<CardPaymentOutcome> {
  const [row] = await db.insert(transactions).values({
    organisationId: checkout.link.organisationId, bookingId: checkout.link.bookingId, paymentLinkId: checkout.link.id,
    amount: checkout.link.amount, currency: checkout.link.currency, status: 'REJECTED', type: 'CARD',
    method: input.transactionMethod ?? 'ONLINE', failureReason: reason,
    cardBrand: card?.brand || null, cardLastFour: card?.lastFour || null, cardBin: card?.bin || null, cardType: card?.funding ?? null, binType: card?.cardClass ?? null,
    issuingCountry: card?.issuingCountry || null, cardholderName: card?.holderName ?? input.method.holderName ?? null, ipAddress: input.ipAddress ?? null,
  }).returning({ id: transactions.id });
  return { outcome: 'rejected', transactionId: row!.id, message, ...(exclusion ? { exclusion } : {}) };
}
