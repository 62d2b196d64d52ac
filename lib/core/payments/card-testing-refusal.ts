/** The failure_reason of attempts refused by the card-testing rule (card-testing.ts). No database here: pages import it. */
export const CARD_TESTING_REASON = 'card_testing';

export type CardTestingRefusal = {
  outcome: 'rejected';
  transactionId: string;
  message: string;
  reason: typeof CARD_TESTING_REASON;
  retryAt: Date;
};

/** True for payByCard's refusal by the card-testing rule (pages translate it; the core's message is English). */
export const isCardTestingRefusal = (outcome: object): outcome is CardTestingRefusal =>
  'reason' in outcome && outcome.reason === CARD_TESTING_REASON && 'retryAt' in outcome;
