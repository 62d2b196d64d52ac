import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import type { FinalResult } from '@/lib/payments/processor';
import { SERVICE_ACTOR } from '../audit/record-audit';
import { eventStubsSql } from '@/lib/events/emit-event';
import { paymentEventCandidates } from '@/lib/events/transaction-events';
import { settleAuthorisation, type PaymentOutcome } from '../payments/settle-payment';
import { completeScheduledPayment, type ClaimedScheduledPayment } from './finish-scheduled-payment';
import { moveSet, moveWhere } from '../transactions/transaction-lifecycle';

/**
 * Records the processor's answer to a scheduled charge. The common answer (a
 * stored card authorised) is one statement: the transaction COMPLETE (or
 * PENDING when only authorised), its audit record and the scheduled payment
 * COMPLETE land together, each guarded as settleAuthorisation and
 * completeScheduledPayment guard them (the transaction still
 * PAYMENTINPROGRESS, the payment still this runner's claim). Anything else, or
 * a transaction no longer in progress (its release, or an answer the runner
 * recorded meanwhile), goes through settleAuthorisation itself.
 * Answers the outcome and whether the scheduled payment is COMPLETE already.
 */
export async function settleScheduledCharge(
  db: Db,
  claim: ClaimedScheduledPayment,
  transactionId: string,
  result: FinalResult,
): Promise<{ outcome: PaymentOutcome; completed: boolean }> {
  let completed = false;
  const viaSettle = async () => {
    const outcome = await settleAuthorisation(db, transactionId, result, SERVICE_ACTOR, async (tx, id) => {
      completed = await completeScheduledPayment(tx, claim, id);
    });
    return { outcome, completed };
  };
  // A group instalment takes this path too: settleMemberPayment (which settleAuthorisation runs for member
  // links) has nothing to do for it: the charge covers no other link (openScheduledCharges writes no
  // covered_link_ids), stores no card, and the link's only live collection is this one
  // (scheduled_payments_one_live_per_link_uq). A stored-card token goes the long way.
  if (result.status !== 'authorised' || result.storedCardToken) return viaSettle();
  const move = result.captured ? 'pay' : 'authorise';
  const status = result.captured ? 'COMPLETE' : 'PENDING';
  const at = sql`${now().toISOString()}::timestamptz`;
  const card = result.card;
  // Its events (the payment's, as emitPaymentEvents writes them, and scheduled_payment.completed) are stubs
  // written by the same statement, with the lookup of who listens: still one statement, no transaction around it.
  // The charge covers no other link (openScheduledCharges writes no covered_link_ids).
  const events = sql`${paymentEventCandidates(result.captured ? 'transaction.completed' : 'transaction.pending', {
    organisationId: sql`(select organisation_id from settled)`, transactionId: sql`(select id from settled)`,
    paymentLinkId: sql`(select payment_link_id from settled)`, coveredLinkIds: null,
  })}
    union all
    select (select organisation_id from settled)::text, 'scheduled_payment.completed', ${claim.payment.id}::text from done`;
  const [row] = await queryRows<{ settled: number; done: number }>(db, sql`
    with settled as (
      update transactions set status = ${moveSet(move).status}, stage = ${moveSet(move).stage}, provider_reference = ${result.providerReference},
        card_brand = ${card.brand}, card_last_four = ${card.lastFour}, card_bin = ${card.bin}, card_type = ${card.funding},
        bin_type = ${card.cardClass}, issuing_country = ${card.issuingCountry}, cardholder_name = ${card.holderName ?? null},
        authorised_at = ${at}, completed_at = ${result.captured ? at : null}, updated_at = ${at}
      where ${moveWhere(transactionId, move)}
      returning id, organisation_id, payment_link_id
    ), audited as (
      insert into audit_records (id, organisation_id, actor_kind, type, entity_id, created_at)
      select gen_random_uuid(), organisation_id, 'service', 'transaction:payment', id::text, ${at} from settled
    ), done as (
      update scheduled_payments set status = 'COMPLETE', transaction_id = ${transactionId}::uuid, failure_reason = null,
        next_attempt_at = null, completed_at = ${at}, updated_at = ${at}
      where id = ${claim.payment.id}::uuid and status = 'IN_PROGRESS' and claimed_at = ${claim.claimedAt.toISOString()}::timestamptz
        and exists (select 1 from settled)
      returning id
    ), ${eventStubsSql(events)}
    select (select count(*) from settled)::int as settled, (select count(*) from done)::int as done`);
  if (Number(row?.settled) === 0) return viaSettle();
  return { outcome: { outcome: 'paid', transactionId, status }, completed: Number(row?.done) > 0 };
}
