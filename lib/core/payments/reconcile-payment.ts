import { eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { paymentLinks, scheduledPayments, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import {
  ProcessorOutcomeUnknown,
  processorFor,
  type CardBrand,
  type CardFacts,
  type PaymentLookup,
} from '@/lib/payments/processor';
import { scheduledPaymentIdOfKey } from '../scheduled-payments/scheduled-attempts';
import { settleAuthorisation } from './settle-payment';
import { moveSet, moveWhere } from '../transactions/transaction-lifecycle';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

type Row = typeof transactions.$inferSelect;
export type Reconciled = 'paid' | 'declined' | 'abandoned' | 'unknown';

/**
 * Records the processor's truth for a payment whose outcome never landed here
 * (a process died between the processor's answer and the record, a call timed
 * out, a customer left a 3-D Secure or bank step). The row must already be
 * claimed (stage 'unsettled'). The processor is asked under the key the
 * payment was sent with (the transaction id):
 * captured → COMPLETE, authorised → PENDING (with audit, card facts and a
 * saved card, as if the answer had arrived), declined → DECLINED, and only a
 * positive "nothing was taken" (not found, or a challenge/bank step never
 * finished) → ABANDONED, which frees the link. A query that cannot tell
 * leaves the payment unsettled, blocking the link, to be asked again later
 * (Adyen can never tell: its notifications settle it, reconcile-step.ts bounds the wait).
 */
export async function reconcilePayment(db: Db, row: Row): Promise<Reconciled> {
  let lookup: PaymentLookup;
  try {
    lookup = await processorFor(db).findPayment({ reference: row.id, idempotencyKey: row.id });
  } catch (error) {
    // Expected with Adyen (no status query: its notification is the answer); the runner alerts once past the bound (unresolved-payment.ts).
    const level = error instanceof ProcessorOutcomeUnknown ? 'warn' : 'error';
    console.error(
      JSON.stringify({
        level,
        message: 'processor could not say what became of a payment; asking again later',
        transaction_id: row.id,
        error: describeErrorSafely(error),
      }),
    );
    return 'unknown';
  }
  switch (lookup.status) {
    case 'captured':
    case 'authorised': {
      const card = lookup.card ?? cardOfRow(row);
      const captured = lookup.status === 'captured';
      const outcome = await settleAuthorisation(db, row.id, {
        status: 'authorised',
        providerReference: lookup.providerReference,
        card,
        captured,
        ...(lookup.storedCardToken ? { storedCardToken: lookup.storedCardToken } : {}),
      });
      return outcome.outcome === 'paid' ? 'paid' : 'unknown';
    }
    case 'declined':
      await settleAuthorisation(db, row.id, lookup);
      return 'declined';
    default: {
      const reason = lookup.status === 'awaiting_shopper' ? 'timed_out' : 'not_taken';
      const done = await db
        .update(transactions)
        .set({ ...moveSet('abandonUnsettled'), failureReason: reason, updatedAt: now() })
        .where(moveWhere(row.id, 'abandonUnsettled', ['PAYMENTINPROGRESS/unsettled']))
        .returning({ id: transactions.id });
      return done.length ? 'abandoned' : 'unknown';
    }
  }
}

/**
 * Whether the payment was sent to be captured at once, for a processor that
 * cannot say (Adyen's stored answer reads "Authorised" either way): the link's
 * authorisation_only, or the scheduled payment's. A direct saved-card charge
 * through the API does not keep its flag: it is taken as captured.
 */
export async function captureIntent(db: Db, row: Row): Promise<boolean> {
  // A wallet judged on the processor's answer was sent with manual capture (wallet-decision.ts): captured only once allowed.
  if (row.decidesAfterAuthorisation) return false;
  if (row.paymentLinkId) {
    const [link] = await db
      .select({ options: paymentLinks.options })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, row.paymentLinkId));
    return !link?.options.authorisation_only;
  }
  const scheduled = scheduledPaymentIdOfKey(row.idempotencyKey);
  if (scheduled) {
    const [payment] = await db
      .select({ only: scheduledPayments.authorisationOnly })
      .from(scheduledPayments)
      .where(eq(scheduledPayments.id, scheduled));
    return !payment?.only;
  }
  return true;
}

/** The card facts already on the row (a saved card's, or those a challenge recorded) when the processor's answer has none. */
export function cardOfRow(row: Row): CardFacts {
  return {
    brand: (row.cardBrand ?? '') as CardBrand,
    bin: row.cardBin ?? '',
    lastFour: row.cardLastFour ?? '',
    funding: row.cardType === 'debit' ? 'debit' : 'credit',
    cardClass: row.binType === 'commercial' ? 'commercial' : 'consumer',
    issuingCountry: row.issuingCountry ?? '',
    ...(row.cardholderName ? { holderName: row.cardholderName } : {}),
  };
}
