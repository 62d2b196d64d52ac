import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import type { CardFacts } from '@/lib/payments/processor';
import { eventStubsSql } from '@/lib/events/emit-event';
import { paymentEventCandidates } from '@/lib/events/transaction-events';
import { moveSet, stateIn } from '../transactions/transaction-lifecycle';
import { PAYER_EMAIL, RECEIPT_KIND, payerJoins, receiptKey } from '../receipts/payer-receipt';
import type { ClaimedScheduledPayment } from './finish-scheduled-payment';

/** A runner charge the processor authorised (no stored-card token to record): what the group statement writes. */
export type AuthorisedCharge = {
  claim: ClaimedScheduledPayment;
  transactionId: string;
  providerReference: string;
  captured: boolean;
  card: CardFacts;
};

export type GroupSettled = { settled: boolean; completed: boolean };

/**
 * Records several runner charges' authorisations in ONE statement (the runner
 * groups the answers that arrive while the previous group's statement runs:
 * settle-scheduled-charge.ts). Per charge, exactly what the single form did:
 * the transaction COMPLETE (or PENDING when only authorised) if it is still in
 * flight (the lifecycle table's `pay` / `authorise` guard), its audit record,
 * the scheduled payment COMPLETE if it is still this runner's claim and its
 * transaction moved, and the events of both (stubs, with the lookup of who
 * listens), and the payer's receipt of each payment that moved (queued by the
 * statement, once per payment under its dedupe key, so it exists if and only if
 * the payment does; its words are written later by the runner's receipts step). The charges cover no other link (openScheduledCharges writes no
 * covered_link_ids). Answers, per transaction id, whether the transaction
 * moved and whether the scheduled payment is COMPLETE; one that did not move
 * (released meanwhile, or settled by its notification) goes the long way.
 */
export async function settleScheduledCharges(
  db: Executor,
  charges: readonly AuthorisedCharge[],
): Promise<Map<string, GroupSettled>> {
  const at = sql`${now().toISOString()}::timestamptz`;
  const [pay, authorise] = [moveSet('pay'), moveSet('authorise')];
  const rows = charges.map(({ claim, transactionId, providerReference, captured, card }) => {
    return sql`(${transactionId}::uuid, ${claim.payment.id}::uuid, ${claim.claimedAt.toISOString()}::timestamptz, ${captured}::boolean,
      ${providerReference}::text, ${card.brand}::text, ${card.lastFour}::text, ${card.bin}::text,
      ${card.funding}::text, ${card.cardClass}::text, ${card.issuingCountry}::text, ${card.holderName ?? null}::text)`;
  });
  // Each payment's receipt, queued here and written by the runner's receipts step (render_later): rendering fifty
  // receipts before this statement cost more than the charges themselves (docs/runner.md).
  const receipted = sql`, receipted as (
      insert into email_outbox (id, organisation_id, kind, to_address, subject, text_body, dedupe_key, render_later, created_at)
      select gen_random_uuid(), s.organisation_id, ${RECEIPT_KIND}, ${PAYER_EMAIL}, '', '', ${receiptKey('')} || s.id::text,
        jsonb_build_object('template', ${RECEIPT_KIND}::text, 'transactionId', s.id::text), ${at}
      from settled s ${payerJoins('s')}
      where ${PAYER_EMAIL} is not null
      on conflict (dedupe_key) do nothing
    )`;
  const events = sql`${paymentEventCandidates(sql`settled t`)}
    union all
    select d.organisation_id::text, 'scheduled_payment.completed', d.id::text from done d`;
  const answered = await queryRows<{ id: string; done: boolean }>(
    db,
    sql`
    with charge (transaction_id, scheduled_payment_id, claimed_at, captured, provider_reference,
      card_brand, card_last_four, card_bin, card_type, bin_type, issuing_country, cardholder_name) as (values ${sql.join(rows, sql`, `)}
    ), settled as (
      update transactions set status = case when c.captured then ${pay.status} else ${authorise.status} end,
        stage = case when c.captured then ${pay.stage}::text else ${authorise.stage}::text end, provider_reference = c.provider_reference,
        card_brand = c.card_brand, card_last_four = c.card_last_four, card_bin = c.card_bin, card_type = c.card_type,
        bin_type = c.bin_type, issuing_country = c.issuing_country, cardholder_name = c.cardholder_name,
        authorised_at = ${at}, completed_at = case when c.captured then ${at} end, updated_at = ${at}
      from charge c
      where transactions.id = c.transaction_id
        and ((c.captured and ${stateIn('pay')}) or (not c.captured and ${stateIn('authorise')}))
      returning transactions.id, transactions.organisation_id, transactions.status, transactions.payment_link_id,
        transactions.booking_id, transactions.covered_link_ids, c.scheduled_payment_id, c.claimed_at
    ), audited as (
      insert into audit_records (id, organisation_id, actor_kind, type, entity_id, created_at)
      select gen_random_uuid(), organisation_id, 'service', 'transaction:payment', id::text, ${at} from settled
    ), done as (
      update scheduled_payments p set status = 'COMPLETE', transaction_id = s.id, failure_reason = null,
        next_attempt_at = null, completed_at = ${at}, updated_at = ${at}
      from settled s
      where p.id = s.scheduled_payment_id and p.status = 'IN_PROGRESS' and p.claimed_at = s.claimed_at
      returning p.id, s.organisation_id, s.id as transaction_id
    )${receipted}, ${eventStubsSql(events)}
    select s.id::text as id, exists (select 1 from done d where d.transaction_id = s.id) as done from settled s`,
  );
  const result = new Map<string, GroupSettled>(
    charges.map((c) => [c.transactionId, { settled: false, completed: false }]),
  );
  for (const row of answered)
    result.set(String(row.id), { settled: true, completed: row.done === true || String(row.done) === 'true' });
  return result;
}
