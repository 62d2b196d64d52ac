import type { AuthoriseResult, OpenBankingStatus } from '../port';
import { parseOutcome, type LedgerRow } from './sandbox-ledger';

/** What the sandbox knows of one payment, folded from its ledger rows. */
export type PaymentState = {
  exists: boolean;
  authorised: boolean;
  amount: number;
  currency: string | null;
  captured: number;
  refunded: number;
  reversed: boolean;
};

type ResultOutcome = { result: AuthoriseResult };

/** The rows that start a payment (or finish starting it: a challenge); the others change what it became. */
const STARTING_KINDS = new Set(['authorise', 'finish_challenge', 'charge_stored', 'open_banking']);

export function paymentState(rows: LedgerRow[]): PaymentState {
  const state: PaymentState = {
    exists: rows.length > 0,
    authorised: false,
    amount: 0,
    currency: null,
    captured: 0,
    refunded: 0,
    reversed: false,
  };
  // Rows are read in (created_at, id) order and ids are random, so two rows of the same millisecond come in either
  // order. The rows that start a payment are folded first, then what happened to it (each of those adds to the state
  // or sets a flag), so the answer never depends on that order.
  const starts = rows.filter((row) => STARTING_KINDS.has(row.kind));
  for (const row of [...starts, ...rows.filter((row) => !STARTING_KINDS.has(row.kind))]) {
    const amount = row.amount ?? 0;
    switch (row.kind) {
      case 'authorise':
      case 'finish_challenge':
      case 'charge_stored': {
        const { result } = parseOutcome<ResultOutcome>(row);
        if (result.status !== 'authorised') break;
        Object.assign(state, {
          authorised: true,
          amount,
          currency: row.currency,
          captured: result.captured ? amount : 0,
        });
        break;
      }
      case 'open_banking':
        Object.assign(state, { amount, currency: row.currency });
        break;
      case 'bank_decision':
        // Money moves when the customer approves at the bank: an authorised bank payment is already captured.
        if (parseOutcome<{ status: OpenBankingStatus }>(row).status === 'authorised')
          Object.assign(state, { authorised: true, amount, currency: row.currency, captured: amount });
        break;
      case 'capture':
        state.captured += amount;
        break;
      case 'refund':
        state.refunded += amount;
        break;
      case 'reverse':
        state.reversed = true;
        break;
    }
  }
  return state;
}
