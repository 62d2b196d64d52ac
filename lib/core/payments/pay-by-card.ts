import { transactions, type DccChoice } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { isoCurrency } from '@/lib/money';
import {
  processorFor,
  ProcessorError,
  ProcessorOutcomeUnknown,
  type CardFacts,
  type PaymentMethodInput,
  type Processor,
  walletOf,
} from '@/lib/payments/processor';
import { collectionCharge } from '../groups/collection-charge';
import { cardRulesNeedFacts, quoteCard, type CardQuote } from './card-quote';
import { cardKeyOf, refuseCardTesting } from './card-testing';
import type { PayableCheckout } from './load-payable-checkout';
import { payableSelection } from './member-coverage';
import { MOTO_NOT_ALLOWED, motoRefusal } from './moto';
import { notFound } from '@/lib/http/app-error';
import type { AuditActor } from '../audit/record-audit';
import { cardLookupFailed, methodNotAccepted } from './payment-errors';
import { settleAuthorisation, settleFailure, type PaymentOutcome } from './settle-payment';
import { startTransaction } from './start-transaction';
import { storedCardUseOf } from './stored-card-use';
import { authoriseThenDecide, decidesAfterAuthorisation } from './wallet-decision';
import { originOf } from './return-origin';

type CardQuoteRefusal = Extract<CardQuote, { accepted: false }>;
/** A card the payment refuses before the processor is asked to authorise it, as recorded. */
type Refusal = Pick<CardQuoteRefusal, 'card' | 'message' | 'exclusion'> & {
  status: 'REJECTED' | 'FAILED';
  reason: string;
};

/** Failure reason of a card whose facts the processor could not give (its /cardDetails failed or timed out). */
export const CARD_LOOKUP_FAILED = 'card_lookup_failed';

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
  /**
   * MOTO_IN_PERSON is what the embed's MOTO flag asks for: taken only where the session allows it (moto.ts),
   * otherwise the payment is refused (`not_allowed`, reason moto_not_allowed) and nothing is recorded.
   */
  transactionMethod?: 'ONLINE' | 'MOTO_IN_PERSON';
  returnUrl: string;
  ipAddress?: string | null;
  fingerprint?: string | null;
  /** The page's language (the receipt's). */
  locale?: string | null;
};

export type CardPaymentOutcome =
  | PaymentOutcome
  | {
      outcome: 'rejected';
      transactionId: string;
      message: string;
      reason: string;
      exclusion?: CardQuoteRefusal['exclusion'];
    }
  /** Refused before anything was recorded: a MOTO flag where MOTO is not allowed. */
  | { outcome: 'not_allowed'; reason: typeof MOTO_NOT_ALLOWED; message: string }
  /** `collections`: a group member's remaining instalments on this card, surcharge included (what opting in would collect). */
  | { outcome: 'confirm_surcharge'; surcharge: number; total: number; collections?: number[] };

/**
 * Takes a card payment on a payment link or ecommerce session. Every card rule
 * of the link is enforced here on the server: exclusions, and cards whose
 * facts the rules cannot check (a REJECTED transaction, before any authorisation), surcharge (only when the customer
 * accepted exactly that amount), DCC, pre-authorisation and the store-card options.
 * A payment of several instalments is quoted on their sum, as one amount.
 * A wallet (Apple Pay, Google Pay: `walletOf(method)`) is a card like any other here: the same rules, the same
 * processor call, recorded with its wallet named. A production wallet's token on a link whose rules need the card's
 * facts is authorised first and judged on the answer (wallet-decision.ts).
 */
export async function payByCard(db: Db, input: CardPaymentInput): Promise<CardPaymentOutcome> {
  const checkout = await payableSelection(db, input.checkoutId, input.coveredLinkIds);
  // A virtual terminal's order (lib/core/terminal) is paid by staff only: to a customer's page it does not exist.
  if (checkout.link.kind === 'terminal') throw notFound('Payment link');
  if (!checkout.link.cardEnabled) throw methodNotAccepted('Card payment');
  // The method comes from the session, never from the posted flag alone: a MOTO flag where MOTO is not allowed stops here.
  const moto = input.transactionMethod === 'MOTO_IN_PERSON';
  const motoRefused = moto ? motoRefusal(checkout) : null;
  if (motoRefused) return { outcome: 'not_allowed', reason: MOTO_NOT_ALLOWED, message: motoRefused };
  return chargeCard(db, input, checkout, moto ? 'MOTO_IN_PERSON' : 'ONLINE');
}

/** How a card reached us, as the transaction records it: ONLINE (the cardholder typed it) or MOTO (staff did). */
export type CardTransactionMethod = 'ONLINE' | 'MOTO_IN_PERSON' | 'MOTO_OTHER';

/**
 * Every card rule of a checkout, then the authorisation: shared by the customer's pages (payByCard, ONLINE or the
 * embed's allowed MOTO) and the back office's virtual terminal (lib/core/terminal, MOTO chosen by staff), so both
 * apply the same exclusions, surcharge, card-testing limits and settlement. The caller has decided `method`.
 */
export async function chargeCard(
  db: Db,
  input: Omit<CardPaymentInput, 'transactionMethod'>,
  checkout: Awaited<ReturnType<typeof payableSelection>>,
  method: CardTransactionMethod,
  /** Who takes the payment, for its audit record: staff at the terminal; none, the link's customer (paymentActor). */
  actor: AuditActor | null = null,
): Promise<CardPaymentOutcome> {
  const { link } = checkout;
  if (!link.cardEnabled) throw methodNotAccepted('Card payment');
  // MOTO (either kind) reaches the processor as MOTO: no 3-D Secure, no browser data (port.ts ShopperInteraction).
  const moto = method !== 'ONLINE';
  // Card testing: a link, IP, card, group, booking or organisation paused after repeated failures is refused here,
  // before the processor sees the card at all (not even its lookup).
  const card = cardKeyOf(input.method);
  const paused = await refuseCardTesting(db, checkout, {
    ...input,
    transactionMethod: method,
    holderName: input.method.holderName,
    card,
  });
  if (paused) return paused;
  const processor = processorFor(db);
  const facts = await lookupCardFacts(processor, input.method);
  const storeCard =
    Boolean(link.bookingId) &&
    (link.options.store_card_forced || (!link.options.hide_store_card && input.storeCard === true));
  // A production wallet's token tells nothing of the card before the payment: on a link whose rules need its facts,
  // it is authorised first and judged on the processor's answer (wallet-decision.ts), never taken unchecked.
  if (facts === null && !moto && decidesAfterAuthorisation(input.method, checkout))
    return authoriseThenDecide(db, { input, checkout, method, actor, card, storeCard, processor });
  if (facts === 'failed' && cardRulesNeedFacts(checkout)) {
    return refuse(db, input, method, checkout, {
      status: 'FAILED',
      reason: CARD_LOOKUP_FAILED,
      message: cardLookupFailed(),
      card: null,
    });
  }
  const quote = quoteCard(checkout, facts === 'failed' ? null : facts);
  if (!quote.accepted) return refuse(db, input, method, checkout, { ...quote, status: 'REJECTED' });
  const { surcharge, total } = quote;
  if (surcharge > 0 && input.acceptedSurcharge !== surcharge) {
    const remaining = checkout.choice?.collect ?? [];
    const collections = remaining.map((i) => collectionCharge(i.amount, quote.card, checkout).amount);
    return { outcome: 'confirm_surcharge', surcharge, total, ...(collections.length > 0 ? { collections } : {}) };
  }

  const dccAccepted = Boolean(quote.dcc && input.acceptDcc);
  const dcc: DccChoice | null = quote.dcc
    ? {
        offered: true,
        accepted: dccAccepted,
        card_currency: quote.dcc.cardCurrency,
        rate: quote.dcc.rate,
        markup_bps: quote.dcc.markup_bps,
        converted_amount: quote.dcc.converted_amount,
      }
    : null;
  // What the processor is asked for, recorded before it is asked: captures and refunds must use the same.
  const sent = dccAccepted
    ? { amount: quote.dcc!.converted_amount, currency: isoCurrency(quote.dcc!.cardCurrency) }
    : { amount: total, currency: isoCurrency(link.currency) };
  const { id } = await startTransaction(db, {
    checkoutId: link.id,
    coveredLinkIds: input.coveredLinkIds,
    amount: total,
    surcharge,
    type: 'CARD',
    stage: 'authorising',
    method,
    storeCard,
    dcc,
    processor: sent,
    ipAddress: input.ipAddress,
    fingerprint: input.fingerprint,
    card,
    wallet: walletOf(input.method),
    locale: input.locale,
  });
  try {
    const result = await processor.authorise({
      reference: id,
      ...sent,
      method: input.method,
      capture: !link.options.authorisation_only,
      storeCard,
      returnUrl: input.returnUrl,
      idempotencyKey: id,
      shopperInteraction: moto ? 'moto' : 'ecommerce',
      // The 3-D Secure 2 data Adyen recommends (adyen-requests.ts): the payer's email, the customer's IP, the page's origin.
      shopper: { email: link.email, ip: input.ipAddress ?? null, origin: originOf(input.returnUrl) },
      storedCardUse: storedCardUseOf(link),
    });
    return await settleAuthorisation(db, id, result, actor);
  } catch (error) {
    return settleFailure(db, id, error);
  }
}

/**
 * The card's facts before any authorisation, or 'failed' when the processor could not say (its lookup failed
 * or timed out: a lookup takes nothing, so an unknown outcome is only a failure). The caller decides: a link
 * whose rules need the facts refuses the card (FAILED, card_lookup_failed, the customer may try again);
 * any other link takes it as an unknown card, as when the lookup answers null. Other errors are bugs and throw.
 */
async function lookupCardFacts(processor: Processor, method: PaymentMethodInput): Promise<CardFacts | null | 'failed'> {
  try {
    return await processor.lookupCard(method);
  } catch (error) {
    if (error instanceof ProcessorError || error instanceof ProcessorOutcomeUnknown) return 'failed';
    throw error;
  }
}

/**
 * A card refused before any authorisation, recorded and never sent to the processor: one the link excludes,
 * one its rules cannot check (REJECTED), or one whose facts the processor could not give (FAILED: the card
 * was never judged, so it does not count towards the card-testing pause).
 */
async function refuse(
  db: Db,
  input: Omit<CardPaymentInput, 'transactionMethod'>,
  method: CardTransactionMethod,
  checkout: PayableCheckout,
  refusal: Refusal,
): Promise<CardPaymentOutcome> {
  const { card, message, reason, exclusion, status } = refusal;
  const [row] = await db
    .insert(transactions)
    .values({
      organisationId: checkout.link.organisationId,
      bookingId: checkout.link.bookingId,
      paymentLinkId: checkout.link.id,
      amount: checkout.link.amount,
      currency: checkout.link.currency,
      status,
      type: 'CARD',
      method,
      failureReason: reason,
      cardBrand: card?.brand || null,
      cardLastFour: card?.lastFour || null,
      cardBin: card?.bin || null,
      cardType: card?.funding ?? null,
      binType: card?.cardClass ?? null,
      issuingCountry: card?.issuingCountry || null,
      cardholderName: card?.holderName ?? input.method.holderName ?? null,
      wallet: walletOf(input.method),
      ipAddress: input.ipAddress ?? null,
    })
    .returning({ id: transactions.id });
  return { outcome: 'rejected', transactionId: row!.id, message, reason, ...(exclusion ? { exclusion } : {}) };
}
