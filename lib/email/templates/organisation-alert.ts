/*
 * The alerts to an organisation's staff, as typed facts: a caller names the kind and gives amounts in minor units
 * with their currency, instants as Dates and references as they are; the words are the locale's
 * (messages/{locale}/EmailAlerts.json, organisation-alert-email.tsx). Each kind is also the email's kind,
 * queued as `alert:<kind>` (notify-organisation.ts).
 */

/** An amount in minor units and its currency (GBX: pence), formatted for the reader's locale. */
type Money = { amount: number; currency: string };

/** Why a scheduled payment was not taken, in the runner's terms (scheduled-payments-step.ts). */
export type ScheduledFailureCause = 'no_card' | 'declined' | 'refused' | 'retries_exhausted' | 'authentication';

export type OrganisationAlert =
  | ({ kind: 'capture_failed' | 'reverse_failed'; transactionId: string; reason: string | null } & Money)
  /** A production wallet payment refused after its authorisation (wallet-decision.ts) whose cancel Adyen refused. */
  | ({
      kind: 'wallet_cancel_failed';
      transactionId: string;
      reason: string | null;
      providerReference: string | null;
    } & Money)
  | ({
      kind: 'refund_failed';
      refund: string;
      transactionId: string;
      reason: string | null;
      /** Set when it never reached the processor: the attempts made before giving up. */
      attemptsWithoutAnswer?: number;
    } & Money)
  | ({
      kind: 'refund_unsettled';
      refund: string;
      transactionId: string;
      reason: string | null;
      attempts: number;
    } & Money)
  | ({
      kind: 'scheduled-payment-failed';
      bookingReference: string;
      dueAt: Date;
      cause: ScheduledFailureCause;
      /** The processor's (or the runner's) reason code, for whoever checks with the processor. */
      reason: string;
      attempts: number;
      scheduledPaymentId: string;
      transactionId: string | null;
    } & Money)
  | ({
      kind: 'payment_unresolved';
      transactionId: string;
      method: 'card' | 'bank';
      startedAt: Date;
      hours: number;
      providerReference: string | null;
    } & Money)
  | { kind: 'webhook-endpoint-disabled'; url: string; endpointId: string; attempts: number; lastAttemptAt: Date }
  | {
      kind: 'email-undeliverable';
      to: string;
      subject: string;
      emailKind: string;
      attempts: number;
      error: string;
      emailId: string;
    };

export type OrganisationAlertKind = OrganisationAlert['kind'];
