/**
 * Why a payment was not taken, as the customer is told it: the failure reason the attempt recorded
 * (transactions.failure_reason) read as one of a few plain kinds, each with what to do next. The
 * reasons come from the processors and the checkout's own refusals:
 *   - the sandbox issuer: `declined`, `insufficient_funds` (its decline cards, sandbox-cards.ts),
 *     `3ds_failed` (a failed challenge), `invalid_card_number`, `unknown_card`, `invalid_expiry`,
 *     `expired_card` (card-outcome.ts), and its bank: `declined_by_bank`;
 *   - Adyen's refusalReasonCode (adyen-results.ts): 6 `expired_card`, 8 `invalid_card_number`,
 *     11 `3ds_failed`, 12 `insufficient_funds`, 24 `cvc_declined`, anything else `declined`;
 *   - the checkout: `abandoned` (cancelled by the customer), `abandoned_at_bank`, `cancelled`,
 *     `card_excluded`/`card_unverified` (the link's card rules), `card_testing`, `surcharge_to_confirm` (a
 *     wallet judged after 3-D Secure whose card carries a surcharge the customer had not seen), and the failures
 *     where nobody judged the card (`card_lookup_failed`, `processor_unavailable`, `no_processor_answer`).
 * Anything else is a plain "not approved": a new reason never shows its code to a customer.
 */
export type FailureKind =
  | 'declined'
  | 'insufficientFunds'
  | 'threeDSecure'
  | 'bankDeclined'
  | 'expiredCard'
  | 'cardDetails'
  | 'abandoned'
  | 'cardRefused'
  | 'surcharge'
  | 'unavailable'
  | 'notApproved';

const kinds: Record<string, FailureKind> = {
  declined: 'declined',
  insufficient_funds: 'insufficientFunds',
  '3ds_failed': 'threeDSecure',
  declined_by_bank: 'bankDeclined',
  expired_card: 'expiredCard',
  invalid_expiry: 'cardDetails',
  invalid_card_number: 'cardDetails',
  unknown_card: 'cardDetails',
  cvc_declined: 'cardDetails',
  abandoned: 'abandoned',
  abandoned_at_bank: 'abandoned',
  cancelled: 'abandoned',
  card_excluded: 'cardRefused',
  card_unverified: 'cardRefused',
  card_testing: 'cardRefused',
  surcharge_to_confirm: 'surcharge',
  card_lookup_failed: 'unavailable',
  processor_unavailable: 'unavailable',
  no_processor_answer: 'unavailable',
};

export const failureKind = (reason: string | null | undefined): FailureKind =>
  (reason && Object.hasOwn(kinds, reason) ? kinds[reason] : undefined) ?? 'notApproved';

const whatNext: Record<FailureKind, string> = {
  declined: 'failureBody',
  insufficientFunds: 'failureBody',
  expiredCard: 'failureBody',
  cardRefused: 'failureBody',
  notApproved: 'failureBody',
  threeDSecure: 'failureNextThreeDSecure',
  bankDeclined: 'failureNextBank',
  cardDetails: 'failureNextCardDetails',
  surcharge: 'failureNextSurcharge',
  unavailable: 'failureNextLater',
  abandoned: 'failureNextAbandoned',
};

/** The Checkout catalogue's keys for a kind: why (`failureWhy…`) and what to do next. */
export const failureMessageKeys = (kind: FailureKind) =>
  ({ why: `failureWhy${kind.charAt(0).toUpperCase()}${kind.slice(1)}`, next: whatNext[kind] }) as const;
