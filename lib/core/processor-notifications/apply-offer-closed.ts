import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { applied, ignored, type ApplyOutcome, type ClaimedNotification } from './apply-outcome';
import { findPayment } from './find-target';
import { moveSet, moveWhere, type TransactionState } from '../transactions/transaction-lifecycle';

/**
 * Where a payment waits for a shopper's step or an answer that an expired
 * offer ends: 3-D Secure, the bank, or unsettled (no clear answer, or left
 * there by the runner after 30 minutes). Not 'authorising': that call is
 * still out and its answer lands first.
 */
const OFFER_OPEN = [
  'PAYMENTINPROGRESS/challenge',
  'PAYMENTINPROGRESS/bank',
  'PAYMENTINPROGRESS/unsettled',
] as const satisfies readonly TransactionState[];

/** The failure reason of a payment Adyen closed: "nothing was taken" in the processor's own word. */
export const OFFER_CLOSED_REASON = 'offer_closed';

/**
 * OFFER_CLOSED: "The offer expired, for example, because the shopper abandoned
 * the session. For cards, offers expire after 12 hours by default"
 * (docs.adyen.com/api-explorer/Webhooks/1/post/OFFER_CLOSED). Nothing was
 * taken, so a payment still waiting becomes ABANDONED and its link can be
 * paid again: once, guarded in SQL (a repeat, or a payment settled meanwhile,
 * changes nothing). Should an AUTHORISATION still come for it, it finds the
 * payment ABANDONED and settleAuthorisation gives the money back
 * (apply-authorisation.ts), as for any payment we recorded as taking nothing.
 */
export async function applyOfferClosed(db: Db, n: ClaimedNotification): Promise<ApplyOutcome> {
  const { item } = n;
  if (!item.success) return ignored('offer not closed (success false)');
  const row = await findPayment(db, item.pspReference, item.merchantReference, { beforeAnswer: true });
  if (!row) return ignored('no payment with this reference');
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(transactions)
      .set({
        ...moveSet('abandonUnsettled'),
        providerReference: row.providerReference ?? item.pspReference,
        failureReason: OFFER_CLOSED_REASON,
        updatedAt: now(),
      })
      .where(moveWhere(row.id, 'abandonUnsettled', OFFER_OPEN))
      .returning({ id: transactions.id });
    const outcome = closed
      ? applied('payment ABANDONED: offer closed')
      : ignored(`offer closed for a payment already ${row.status}${row.stage ? ` (${row.stage})` : ''}`);
    await n.record(tx, outcome);
    return outcome;
  });
}
