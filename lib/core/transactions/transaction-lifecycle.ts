import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { transactions } from '@/lib/db/schema';

/**
 * The transaction's lifecycle: every state (status × stage) and every move
 * between them, with what causes it. Every place that moves a transaction
 * (settle, finish, reconcile, capture/reverse, notifications, runner steps)
 * names its move here and takes its guard (`moveWhere`) and its new state
 * (`moveSet`) from this table, so a move nobody wrote down cannot happen, and
 * two movers racing on one row have one winner (the guard is in the UPDATE).
 * GOV.UK Pay's connector keeps its charge transitions the same way.
 */
export const transactionStates = {
  'PAYMENTINPROGRESS/authorising': 'sent to the processor (card, saved card), no answer recorded yet',
  'PAYMENTINPROGRESS/challenge': 'the customer is at 3-D Secure',
  'PAYMENTINPROGRESS/bank': 'the customer is at their bank (Pay by Bank)',
  'PAYMENTINPROGRESS/unsettled':
    'the processor may have taken the money; its answer is awaited (notification, reconcile)',
  PENDING: 'authorised and held (pre-authorisation), to be captured or reversed',
  'PENDING/capturing':
    'a capture is claimed and being sent, or received by the processor (Adyen) and awaiting its CAPTURE notification',
  'PENDING/reversing':
    'a reverse is claimed and being sent, or received by the processor (Adyen) and awaiting its CANCEL_OR_REFUND notification',
  COMPLETE: 'the money is taken',
  DECLINED: 'the processor or the bank refused it; nothing taken',
  FAILED: 'the processor said it failed; nothing taken',
  ABANDONED: 'left by the customer, or the processor positively took nothing',
  REVERSED: 'a held authorisation released; nothing taken',
  REJECTED: 'refused by the card rules before the processor was asked, or a refused wallet authorisation cancelled',
  'REJECTED/reversing':
    "a production wallet's authorisation the card rules refused once its facts were known (wallet-decision.ts): the link is free, the authorisation's cancel is being sent or awaits the processor's CANCEL_OR_REFUND",
} as const;

export type TransactionState = keyof typeof transactionStates;

/** The states a transaction is written in when it is opened (an INSERT, not a move). */
export const openingStates = [
  'PAYMENTINPROGRESS/authorising',
  'PAYMENTINPROGRESS/bank',
  'REJECTED',
] as const satisfies readonly TransactionState[];

const inFlight = [
  'PAYMENTINPROGRESS/authorising',
  'PAYMENTINPROGRESS/challenge',
  'PAYMENTINPROGRESS/bank',
  'PAYMENTINPROGRESS/unsettled',
] as const;

type Move = { from: readonly TransactionState[]; to: TransactionState; by: string };

/** Every move, by name. `from` lists the states it may start in; the guard allows no other. */
export const transactionMoves = {
  challenge: {
    from: ['PAYMENTINPROGRESS/authorising'],
    to: 'PAYMENTINPROGRESS/challenge',
    by: 'the processor asks for 3-D Secure',
  },
  unsettle: {
    from: inFlight,
    to: 'PAYMENTINPROGRESS/unsettled',
    by: 'no clear answer (timeout, Received/Pending), or left in progress too long (reconcile)',
  },
  authorise: {
    from: inFlight,
    to: 'PENDING',
    by: 'the processor authorised an authorise-only payment (answer, notification, reconcile)',
  },
  pay: {
    from: inFlight,
    to: 'COMPLETE',
    by: 'the processor authorised and captured (answer, notification, reconcile, bank)',
  },
  decline: {
    from: inFlight,
    to: 'DECLINED',
    by: 'the processor or the bank refused (answer, notification, reconcile)',
  },
  fail: { from: inFlight, to: 'FAILED', by: 'the processor said the call failed and took nothing' },
  abandonByCustomer: {
    from: ['PAYMENTINPROGRESS/challenge', 'PAYMENTINPROGRESS/bank'],
    to: 'ABANDONED',
    by: 'the customer cancelled or left 3-D Secure or the bank',
  },
  abandonUnsettled: {
    from: inFlight,
    to: 'ABANDONED',
    by: 'the processor positively has nothing (reconcile not_found, OFFER_CLOSED)',
  },
  claimCapture: { from: ['PENDING'], to: 'PENDING/capturing', by: 'a capture starts (API)' },
  claimReverse: { from: ['PENDING'], to: 'PENDING/reversing', by: 'a reverse starts (API, authorisation expiry)' },
  releaseClaim: {
    from: ['PENDING/capturing', 'PENDING/reversing'],
    to: 'PENDING',
    by: 'the processor refused the capture or reverse (its answer, or a failed CANCEL_OR_REFUND); the authorisation is still held',
  },
  captured: {
    from: ['PENDING/capturing', 'PENDING'],
    to: 'COMPLETE',
    by: 'the processor captured (our claim, or a notification of a capture made elsewhere)',
  },
  reversed: {
    from: ['PENDING/reversing', 'PENDING'],
    to: 'REVERSED',
    by: 'the processor released the authorisation (our claim, or a notification)',
  },
  rejectAuthorised: {
    // The answer to the payment itself, or one after 3-D Secure or an answer lost or Received (wallet-late-decision.ts).
    from: ['PAYMENTINPROGRESS/authorising', 'PAYMENTINPROGRESS/challenge', 'PAYMENTINPROGRESS/unsettled'],
    to: 'REJECTED/reversing',
    by: "a production wallet's authorisation its card facts refuse (excluded, unverified, a surcharge not yet seen): cancelled at once",
  },
  rejectedReleased: {
    from: ['REJECTED/reversing'],
    to: 'REJECTED',
    by: "the processor cancelled a refused wallet's authorisation (its answer, CANCEL_OR_REFUND), or refused the cancel for good (alerted)",
  },
  captureFailed: {
    from: ['COMPLETE', 'PENDING/capturing'],
    to: 'PENDING',
    by: 'CAPTURE_FAILED: the capture was accepted, then failed; still held',
  },
} as const satisfies Record<string, Move>;

export type TransactionMove = keyof typeof transactionMoves;

/** Status and stage of a state, as stored. */
export function stateColumns(state: TransactionState): { status: string; stage: string | null } {
  const [status, stage] = state.split('/');
  return { status: status!, stage: stage ?? null };
}

/** The state a row is in, or null for a combination the table does not know. */
export function stateOf(row: { status: string; stage: string | null }): TransactionState | null {
  const state = (row.stage ? `${row.status}/${row.stage}` : row.status) as TransactionState;
  return state in transactionStates ? state : null;
}

export function canMove(from: TransactionState, move: TransactionMove): boolean {
  return (transactionMoves[move].from as readonly TransactionState[]).includes(from);
}

/** The states a move may start in, as SQL on the transactions table (narrowed to `only`, when given): a claim's filter. */
export function stateIn(move: TransactionMove, only?: readonly TransactionState[]): SQL {
  const from = (transactionMoves[move].from as readonly TransactionState[]).filter(
    (state) => !only || only.includes(state),
  );
  const byStatus = new Map<string, (string | null)[]>();
  for (const state of from) {
    const { status, stage } = stateColumns(state);
    byStatus.set(status, [...(byStatus.get(status) ?? []), stage]);
  }
  const states = [...byStatus].map(([status, stages]) => {
    const named = stages.filter((stage): stage is string => stage !== null);
    const stageMatch = [
      ...(named.length ? [inArray(transactions.stage, named)] : []),
      ...(stages.includes(null) ? [isNull(transactions.stage)] : []),
    ];
    return and(eq(transactions.status, status), stageMatch.length === 1 ? stageMatch[0] : or(...stageMatch));
  });
  return (states.length === 1 ? states[0] : or(...states))!;
}

/** The guard of a move on one transaction: its id, and one of the move's `from` states. */
export function moveWhere(id: string, move: TransactionMove, only?: readonly TransactionState[]): SQL {
  return and(eq(transactions.id, id), stateIn(move, only))!;
}

/** The columns a move writes for its new state. */
export function moveSet(move: TransactionMove): { status: string; stage: string | null } {
  return stateColumns(transactionMoves[move].to);
}
