import { describeErrorSafely } from '@/lib/http/safe-error-log';
import type { Db } from '@/lib/db/types';
import type { FinalResult } from '@/lib/payments/processor';
import { SERVICE_ACTOR } from '../audit/record-audit';
import { groupWhileBusy } from '@/lib/group-while-busy';
import { settleAuthorisation, type PaymentOutcome } from '../payments/settle-payment';
import { completeScheduledPayment, type ClaimedScheduledPayment } from './finish-scheduled-payment';
import { settleScheduledCharges, type AuthorisedCharge, type GroupSettled } from './settle-scheduled-charges';

/** Charges settled together at most: one statement's VALUES list. */
const GROUP_MAX = 50;

export type ScheduledSettler = (
  claim: ClaimedScheduledPayment,
  transactionId: string,
  result: FinalResult,
) => Promise<{ outcome: PaymentOutcome; completed: boolean }>;

/**
 * Records the processor's answers to one runner pass's charges. The common
 * answer (a stored card authorised, no new token) goes into a group: the
 * answers that arrive while the previous group's statement runs are settled
 * together in one statement (settleScheduledCharges), which at 100 charges in
 * flight is the runner's largest saving (docs/runner.md). Anything else, a
 * transaction no longer in progress (its release, or its notification
 * settled it meanwhile), or a group whose statement failed, goes through
 * settleAuthorisation itself, one by one, as the API's charges do.
 * Answers the outcome and whether the scheduled payment is COMPLETE already.
 */
export function scheduledSettler(db: Db): ScheduledSettler {
  const inGroup = groupWhileBusy<AuthorisedCharge, GroupSettled>(async (charges) => {
    const settled = await settleScheduledCharges(db, charges);
    return charges.map((charge) => settled.get(charge.transactionId)!);
  }, GROUP_MAX);
  return async (claim, transactionId, result) => {
    let completed = false;
    const alone = async () => {
      const outcome = await settleAuthorisation(db, transactionId, result, SERVICE_ACTOR, async (tx, id) => {
        completed = await completeScheduledPayment(tx, claim, id);
      });
      return { outcome, completed };
    };
    // A group instalment takes the group too: settleMemberPayment (which settleAuthorisation runs for member
    // links) has nothing to do for it: the charge covers no other link (openScheduledCharges writes no
    // covered_link_ids), stores no card, and the link's only live collection is this one
    // (scheduled_payments_one_live_per_link_uq). A stored-card token goes the long way.
    if (result.status !== 'authorised' || result.storedCardToken) return alone();
    const grouped = await inGroup({
      claim,
      transactionId,
      providerReference: result.providerReference,
      captured: result.captured,
      card: result.card,
    }).catch((error: unknown) => {
      console.error(
        JSON.stringify({
          level: 'warn',
          message: 'scheduled charges: the group statement failed; settling one by one',
          transaction_id: transactionId,
          error: describeErrorSafely(error),
        }),
      );
      return null;
    });
    if (!grouped?.settled) return alone();
    return {
      outcome: { outcome: 'paid', transactionId, status: result.captured ? 'COMPLETE' : 'PENDING' },
      completed: grouped.completed,
    };
  };
}
