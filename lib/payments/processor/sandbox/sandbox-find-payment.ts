import type { Db } from '@/lib/db/types';
import {
  ProcessorOutcomeUnknown,
  type FinalResult,
  type FindPaymentInput,
  type OpenBankingStatus,
  type PaymentLookup,
} from '../port';
import type { AuthoriseOutcome } from './sandbox-authorise';
import { paymentState } from './payment-state';
import { findByKey, parseOutcome, rowsForReference, type LedgerRow } from './sandbox-ledger';

/**
 * The sandbox answers from its ledger: the row under the idempotency key
 * names the payment, and the payment's rows (challenge finished or not, bank
 * decision, capture, reverse) say what became of it. No row under the key is
 * a positive "nothing was taken": the ledger writes the row in the same
 * statement that takes the money.
 */
export async function sandboxFindPayment(db: Db, input: FindPaymentInput): Promise<PaymentLookup> {
  const first = await findByKey(db, input.idempotencyKey);
  if (!first || !['authorise', 'charge_stored', 'open_banking'].includes(first.kind)) return { status: 'not_found' };
  const rows = await rowsForReference(db, first.providerReference);
  const state = paymentState(rows);
  const providerReference = first.providerReference;
  const money = { amount: first.amount ?? undefined, currency: first.currency ?? undefined };
  if (state.reversed) return { status: 'not_found' };
  if (first.kind === 'open_banking') {
    const decision = rows.find((row) => row.kind === 'bank_decision');
    const status = decision ? parseOutcome<{ status: OpenBankingStatus }>(decision).status : 'pending';
    if (status === 'authorised') return { status: 'captured', providerReference, ...money };
    if (status === 'declined') return { status: 'declined', providerReference, reason: 'declined_by_bank' };
    return status === 'abandoned' ? { status: 'not_found' } : { status: 'awaiting_shopper', providerReference };
  }
  const result = finalResult(first, rows);
  if (!result) return { status: 'awaiting_shopper', providerReference };
  // The sandbox always decides at once; a 'received' answer (an Adyen one) has no outcome to tell yet.
  if (result.status === 'received') throw new ProcessorOutcomeUnknown(`no final outcome yet for ${providerReference}`);
  if (result.status === 'declined')
    return {
      status: 'declined',
      providerReference,
      reason: result.reason,
      ...(result.card ? { card: result.card } : {}),
    };
  const captured = state.captured > 0;
  return {
    status: captured ? 'captured' : 'authorised',
    providerReference,
    ...money,
    card: result.card,
    ...(result.storedCardToken ? { storedCardToken: result.storedCardToken } : {}),
  };
}

/** The payment's final answer: the first one, or the finished challenge's; null while a challenge waits. */
function finalResult(first: LedgerRow, rows: LedgerRow[]): FinalResult | null {
  const { result } = parseOutcome<AuthoriseOutcome>(first);
  if (result.status !== 'challenge') return result;
  const finish = rows.find((row) => row.kind === 'finish_challenge');
  return finish ? parseOutcome<{ result: FinalResult }>(finish).result : null;
}
