import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { isoCurrency } from '@/lib/money';
import { walletOf, type AuthoriseResult, type PaymentMethodInput, type Processor } from '@/lib/payments/processor';
import { describeErrorSafely } from '@/lib/http/safe-error-log';
import type { AuditActor } from '../audit/record-audit';
import { collectionCharge } from '../groups/collection-charge';
import { moveSet, moveWhere } from '../transactions/transaction-lifecycle';
import { cardRulesNeedFacts, quoteCard } from './card-quote';
import type { CardKey } from './card-testing-window';
import type { payableSelection } from './member-coverage';
import type { CardPaymentInput, CardPaymentOutcome, CardTransactionMethod } from './pay-by-card';
import { SURCHARGE_TO_CONFIRM } from './payment-errors';
import { captureAllowedWallet } from './wallet-capture';
import { cancelRefusedWallet } from './wallet-cancel';
import { cardColumns, settleAuthorisation, settleFailure } from './settle-payment';
import { startTransaction } from './start-transaction';
import { storedCardUseOf } from './stored-card-use';
import { originOf } from './return-origin';

/** The card rules' view of the checkout a wallet pays: the link (at the amount paid), its organisation's settings, the member's choice. */
export type WalletCheckout = Awaited<ReturnType<typeof payableSelection>>;

/**
 * True when a production wallet's token reaches a link whose rules need the card's facts: the token tells nothing
 * of the card before the payment (v71 `/cardDetails` takes a card number, never a wallet token), so the card is
 * judged on Adyen's answer instead (authoriseThenDecide).
 */
export const decidesAfterAuthorisation = (method: PaymentMethodInput, checkout: WalletCheckout) =>
  method.kind === 'adyen_wallet' && cardRulesNeedFacts(checkout);

export type WalletDecisionInput = {
  input: Omit<CardPaymentInput, 'transactionMethod'>;
  checkout: WalletCheckout;
  method: CardTransactionMethod;
  actor: AuditActor | null;
  card: CardKey | null;
  storeCard: boolean;
  processor: Processor;
};

/**
 * "Authorise, then decide" (docs/checkout.md, "Wallets"): a production wallet on a link whose rules need the card.
 * 1. The token is authorised with manual capture (Checkout v71 PaymentRequest.additionalData `manualCapture: "true"`,
 *    as a pre-authorisation link's payment is: adyen-requests.ts) for the link's amount plus only the surcharge the
 *    customer accepted, with no DCC (Adyen's DCC quote needs the card before the payment).
 * 2. The card's facts come from Adyen's answer (`additionalData`: cardBin, cardSummary, issuerCountry,
 *    fundingSource, isCardCommercial, as for a card: adyen-card-facts.ts) and go through the same quoteCard.
 * 3. Refused (excluded, unverified) or carrying a surcharge the customer has not accepted: the authorisation is
 *    cancelled at once (wallet-cancel.ts, Adyen's /reversals) and the attempt recorded REJECTED with its reason; a
 *    surcharge answers `confirm_surcharge`, and the customer pays again with the wallet at the total shown.
 * 4. Allowed: recorded as authorised (settleAuthorisation: stored card, group instalments, receipt, events), then
 *    captured at once unless the link is authorisation_only (wallet-capture.ts).
 * An answer that is not an authorisation (declined, a challenge, Received) is recorded as any card payment's; the
 * authorisation that follows it (3-D Secure's return, the AUTHORISATION notification) is judged the same way
 * (wallet-late-decision.ts).
 */
export async function authoriseThenDecide(db: Db, decision: WalletDecisionInput): Promise<CardPaymentOutcome> {
  const { input, checkout, method, actor, card, storeCard, processor } = decision;
  const { link } = checkout;
  const accepted = input.acceptedSurcharge ?? 0;
  const amount = link.amount + accepted;
  const sent = { amount, currency: isoCurrency(link.currency) };
  const { id } = await startTransaction(db, {
    checkoutId: link.id,
    coveredLinkIds: input.coveredLinkIds,
    amount,
    surcharge: accepted,
    type: 'CARD',
    stage: 'authorising',
    method,
    storeCard,
    dcc: null,
    processor: sent,
    ipAddress: input.ipAddress,
    fingerprint: input.fingerprint,
    card,
    wallet: walletOf(input.method),
    decidesAfterAuthorisation: true,
    locale: input.locale,
  });
  let result: AuthoriseResult;
  try {
    result = await processor.authorise({
      reference: id,
      ...sent,
      method: input.method,
      capture: false,
      storeCard,
      returnUrl: input.returnUrl,
      idempotencyKey: id,
      shopperInteraction: 'ecommerce',
      shopper: { email: link.email, ip: input.ipAddress ?? null, origin: originOf(input.returnUrl) },
      storedCardUse: storedCardUseOf(link),
    });
  } catch (error) {
    return settleFailure(db, id, error);
  }
  // Not an authorisation (declined, a 3-D Secure challenge, Received): recorded as any card payment's. The row says it
  // decides after authorisation, so the challenge's return or the AUTHORISATION notification judges it later
  // (wallet-late-decision.ts), never captures it as is.
  if (result.status !== 'authorised') return settleAuthorisation(db, id, result, actor);
  return decideAuthorised(db, { id, result, checkout, accepted, actor });
}

export type AuthorisedWallet = {
  id: string;
  /** Sent with manual capture: `captured` is false. */
  result: Extract<AuthoriseResult, { status: 'authorised' }>;
  checkout: WalletCheckout;
  /** The surcharge the customer accepted before this payment (included in its amount). */
  accepted: number;
  actor: AuditActor | null;
  /** Runs in the transaction that records the payment as authorised (settleAuthorisation's onPaid). */
  onPaid?: Parameters<typeof settleAuthorisation>[4];
};

/**
 * Steps 2 to 4 of authoriseThenDecide, for an authorisation in hand: at once, or later (wallet-late-decision.ts).
 */
export async function decideAuthorised(db: Db, wallet: AuthorisedWallet): Promise<CardPaymentOutcome> {
  const { id, result, checkout, accepted, actor, onPaid } = wallet;
  const quote = quoteCard(checkout, result.card);
  if (!quote.accepted) {
    await refuseAuthorised(db, id, result, quote.reason);
    const { message, reason, exclusion } = quote;
    return { outcome: 'rejected', transactionId: id, message, reason, ...(exclusion ? { exclusion } : {}) };
  }
  // Never an amount the customer did not see: a surcharge other than the one accepted (none, at first) is shown first.
  if (quote.surcharge !== accepted) {
    await refuseAuthorised(db, id, result, SURCHARGE_TO_CONFIRM);
    const collections = (checkout.choice?.collect ?? []).map(
      (i) => collectionCharge(i.amount, quote.card, checkout).amount,
    );
    return {
      outcome: 'confirm_surcharge',
      surcharge: quote.surcharge,
      total: quote.total,
      ...(collections.length > 0 ? { collections } : {}),
    };
  }
  const settled = await settleAuthorisation(db, id, result, actor, onPaid);
  if (settled.outcome !== 'paid' || checkout.link.options.authorisation_only) return settled;
  return captureAllowedWallet(db, id);
}

/**
 * Records the authorised attempt REJECTED with its reason and card (the lifecycle's rejectAuthorised: the link is free
 * again at once, so the customer may pay with another card or at the surcharge shown) and cancels the authorisation.
 * A cancel that fails is left at REJECTED/reversing for the stuck-modifications step, never forgotten.
 */
async function refuseAuthorised(
  db: Db,
  id: string,
  result: Extract<AuthoriseResult, { status: 'authorised' }>,
  reason: string,
): Promise<void> {
  const [row] = await db
    .update(transactions)
    .set({
      ...moveSet('rejectAuthorised'),
      providerReference: result.providerReference,
      ...cardColumns(result.card),
      failureReason: reason,
      // The cancel is this row's first modification: its key is `<id>:reverse` (finish-modification.ts modificationKey).
      modificationAttempts: sql`${transactions.modificationAttempts} + 1`,
      authorisedAt: now(),
      updatedAt: now(),
    })
    .where(moveWhere(id, 'rejectAuthorised'))
    .returning();
  if (!row) {
    // Settled meanwhile by the AUTHORISATION notification (after its grace: this call was very slow): that path owns it.
    console.error(
      JSON.stringify({ level: 'error', message: 'refused wallet payment settled meanwhile', transaction_id: id }),
    );
    return;
  }
  try {
    await cancelRefusedWallet(db, row);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'cancel of a refused wallet authorisation not sent; left for the runner',
        transaction_id: id,
        error: describeErrorSafely(error),
      }),
    );
  }
}
