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
  for (const row of rows) {
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
          Object.assign(state, { authorised: true, captured: state.amount });
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
