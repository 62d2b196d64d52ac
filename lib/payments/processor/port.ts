/**
 * The processor port: everything the service asks of a card/bank processor.
 * The sandbox adapter and the Adyen adapter implement it; checkout and the
 * runner never know which one runs. Amounts are integer minor units and
 * currencies ISO 4217 (GBP, USD, EUR): see lib/money.ts for our codes.
 */
export type CardBrand = 'VISA' | 'MASTER' | 'AMEX';

/** What may be known and stored about a card: never its number or CVC. */
export type CardFacts = {
  brand: CardBrand;
  /** First 8 digits. */
  bin: string;
  lastFour: string;
  funding: 'credit' | 'debit';
  cardClass: 'consumer' | 'commercial';
  /** ISO 3166-1 alpha-2 country of the issuer. */
  issuingCountry: string;
  expiryMonth?: number;
  expiryYear?: number;
  holderName?: string;
};

/** The wallets a card can be paid from (Apple Pay, Google Pay): recorded on the transaction as `wallet`. */
export const walletKinds = ['apple_pay', 'google_pay'] as const;
export type WalletKind = (typeof walletKinds)[number];

/**
 * Card details as entered: plain in the sandbox, encrypted fields from @adyen/adyen-web in production.
 * `wallet` on a plain card: the sandbox's wallet stand-in, which pays one of the sandbox's test cards as the
 * wallet would hand it over. `adyen_wallet`: a real wallet's payment token from adyen-web's ApplePay or
 * GooglePay component (Checkout v71 ApplePayDetails.applePayToken / GooglePayDetails.googlePayToken).
 */
export type PaymentMethodInput =
  | {
      kind: 'card';
      number: string;
      expiryMonth: number;
      expiryYear: number;
      cvc: string;
      holderName: string;
      wallet?: WalletKind;
    }
  | { kind: 'adyen_encrypted'; holderName: string; fields: Record<string, string> }
  | { kind: 'adyen_wallet'; wallet: WalletKind; token: string; holderName?: undefined };

/** The wallet a payment came from, or null for a card typed in. */
export function walletOf(method: PaymentMethodInput): WalletKind | null {
  if (method.kind === 'adyen_wallet') return method.wallet;
  return method.kind === 'card' ? (method.wallet ?? null) : null;
}

export type ShopperInteraction = 'ecommerce' | 'moto';

export type ShopperData = {
  /** The customer's IP address as the service derived it (lib/http/client-ip.ts). */
  ip?: string | null;
  /** The payer's email on the link or session. */
  email?: string | null;
  /** The origin (scheme://host[:port]) of the page the card was entered on. */
  origin?: string | null;
};

/**
 * `received`: the processor accepted the payment and will decide later (Adyen's
 * Received or Pending): no outcome yet, and not a failure. The payment stays
 * unsettled (its link locked) until the processor's notification or the
 * reconcile step tells what became of it; it must never be retried or freed.
 */
export type AuthoriseResult =
  | { status: 'authorised'; providerReference: string; card: CardFacts; captured: boolean; storedCardToken?: string }
  | { status: 'declined'; providerReference: string; reason: string; card?: CardFacts }
  /**
   * `providerReference` is null when the processor names the payment only in the answer that finishes it: Adyen's
   * PaymentResponse.pspReference "for payment methods that require a redirect or additional action, you will get
   * this value in the /payments/details response" (CheckoutService-v71.json; its iDEAL RedirectShopper example has
   * none). Never our own reference in its place: a notification carrying the real one must still find the payment.
   */
  | { status: 'challenge'; providerReference: string | null; redirectUrl: string; card: CardFacts }
  | { status: 'received'; providerReference: string };

export type FinalResult = Exclude<AuthoriseResult, { status: 'challenge' }>;

export type OpenBankingStatus = 'pending' | 'authorised' | 'declined' | 'abandoned';

/** A bank payment started: the customer goes to the bank, or the processor took it without a redirect and decides later. */
export type OpenBankingStart =
  | { status: 'redirect'; providerReference: string | null; redirectUrl: string }
  | { status: 'received'; providerReference: string; redirectUrl?: undefined };

/**
 * What a stored card is for, which card schemes require the payment to say
 * (Adyen's recurringProcessingModel): `scheduled`, charges on dates fixed in
 * advance (group instalments, scheduled payments); `unscheduled`, charges the
 * merchant makes at a time of its choosing (a saved card charged through the API).
 */
export type StoredCardUse = 'scheduled' | 'unscheduled';

/**
 * What the processor knows of the payment sent under an idempotency key: the
 * truth the runner records for a payment whose outcome never landed here.
 * captured / authorised: money is taken or held. declined: refused, nothing
 * taken. awaiting_shopper: a 3-D Secure or bank step was started and never
 * finished, so nothing was taken. not_found: the processor positively has no
 * payment under that key, nothing was taken. A query that cannot tell throws
 * (ProcessorOutcomeUnknown): a processor with no documented status query
 * (Adyen) always does, and its notification is the answer.
 */
export type PaymentLookup =
  | {
      status: 'captured' | 'authorised';
      providerReference: string;
      amount?: number;
      currency?: string;
      card?: CardFacts;
      storedCardToken?: string;
    }
  | { status: 'declined'; providerReference: string; reason: string; card?: CardFacts }
  | { status: 'awaiting_shopper'; providerReference: string | null }
  | { status: 'not_found' };

export type FindPaymentInput = {
  /** Our transaction id: the reference the payment was sent with. */
  reference: string;
  /** The key it was sent under (the sandbox's ledger is keyed by it; Adyen cannot be asked at all). */
  idempotencyKey: string;
};

/**
 * The answer to a capture, reverse or refund. `done`: the processor has made it
 * (the sandbox settles at once). `received`: the processor accepted the request
 * and settles it later (Adyen answers every modification `status: received`);
 * the outcome comes as a notification (CAPTURE, CANCEL_OR_REFUND, REFUND or a
 * failure of them), so the core records it as sent and waits.
 * `providerReference` is the modification's own reference (Adyen's
 * pspReference of the request; its notification carries it).
 */
export type ModificationResult = { status: 'received' | 'done'; providerReference: string };

/**
 * A card checked and stored with no money moving (a zero-value authorisation): `verified` carries the stored card's
 * token; `challenge`, 3-D Secure first, finished by finishCardVerification. Never a payment: no amount is held or
 * taken, and the service records none (docs/groups.md, "Replacing the stored card").
 */
export type CardVerification =
  | { status: 'verified'; providerReference: string; card: CardFacts; storedCardToken: string }
  | { status: 'declined'; providerReference: string; reason: string; card?: CardFacts }
  | { status: 'challenge'; providerReference: string | null; redirectUrl: string; card: CardFacts };

export type CardVerificationInput = {
  /** Our reference of the verification: never a transaction id (no payment is recorded), so a notification of it finds none. */
  reference: string;
  /** The currency later payments with the card will be in (Adyen: "should match the eventual transaction currency"). */
  currency: string;
  method: PaymentMethodInput;
  /** What the card is stored for (Adyen's recurringProcessingModel). */
  storedCardUse: StoredCardUse;
  /** Where a 3-D Secure challenge returns to. */
  returnUrl: string;
  idempotencyKey: string;
  shopper?: ShopperData;
};

export interface Processor {
  readonly name: 'sandbox' | 'adyen';
  /** Card facts (brand, country, class) before any authorisation, for exclusions and surcharge; null when unknown. */
  lookupCard(method: PaymentMethodInput): Promise<CardFacts | null>;
  authorise(input: {
    reference: string;
    amount: number;
    currency: string;
    method: PaymentMethodInput;
    /** false: authorise only (pre-authorisation), capture later. */
    capture: boolean;
    storeCard: boolean;
    /** With storeCard: what the card is stored for (default `unscheduled`). */
    storedCardUse?: StoredCardUse;
    /** Where a 3-D Secure challenge returns to. */
    returnUrl: string;
    idempotencyKey: string;
    /**
     * How the card reached us. `ecommerce` (the default): the cardholder typed it on our page. `moto`: the
     * merchant's agent took it by phone or mail (MOTO): no 3-D Secure, and no browser data (it would be the agent's).
     */
    shopperInteraction?: ShopperInteraction;
    /** What is known of the shopper, for the processor's risk checks and frictionless 3-D Secure 2; each part optional. */
    shopper?: ShopperData;
  }): Promise<AuthoriseResult>;
  /**
   * Completes a 3-D Secure challenge with what the customer brought back to returnUrl (`payload.redirectResult`,
   * Adyen's one return parameter, which the sandbox imitates). `providerReference` is null when the challenge's
   * answer named none; `reference` (our transaction id) and `capture` (false: authorise only) are what the payment
   * was sent with, so a processor needs neither from the reference.
   */
  finishChallenge(input: {
    providerReference: string | null;
    reference?: string;
    capture?: boolean;
    payload: Record<string, string>;
  }): Promise<FinalResult>;
  /** Captures a held authorisation: see ModificationResult for what the answer means. */
  capture(input: {
    providerReference: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<ModificationResult>;
  /** Releases a held authorisation (Adyen: /reversals, which refunds instead if the payment was captured meanwhile). */
  reverse(input: { providerReference: string; idempotencyKey: string }): Promise<ModificationResult>;
  refund(input: {
    providerReference: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<ModificationResult>;
  /** Charges (or only authorises) a saved card without the customer present. */
  chargeStoredCard(input: {
    token: string;
    reference: string;
    amount: number;
    currency: string;
    capture: boolean;
    idempotencyKey: string;
    /** A charge on a date fixed in advance (a scheduled payment, an instalment), or one the merchant makes now. */
    use: StoredCardUse;
  }): Promise<FinalResult>;
  /**
   * Verifies a card the cardholder entered and stores it, moving no money (a zero-value authorisation), for later
   * payments without them (chargeStoredCard). The card's facts come back as with authorise; a declined card stores nothing.
   */
  verifyAndStoreCard(input: CardVerificationInput): Promise<CardVerification>;
  /**
   * Finishes a verification's 3-D Secure challenge with what the cardholder brought back to returnUrl
   * (`payload.redirectResult`), found by the verification's own reference and key (no processor reference is needed).
   */
  finishCardVerification(input: {
    reference: string;
    idempotencyKey: string;
    payload: Record<string, string>;
  }): Promise<Exclude<CardVerification, { status: 'challenge' }>>;
  /** `providerReference` null: the processor names the payment only later (the finishing answer, its notification). */
  startOpenBanking(input: {
    reference: string;
    amount: number;
    currency: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<OpenBankingStart>;
  /**
   * `payload`: what the bank sent back on return (Adyen's redirectResult; the sandbox reads its own ledger). No payload,
   * or an answer that is not final, is `pending`: the outcome then comes from the AUTHORISATION notification or the runner.
   * `providerReference` in the answer: the processor's reference when it gave one (record it).
   */
  finishOpenBanking(input: {
    providerReference: string | null;
    reference?: string;
    payload?: Record<string, string>;
  }): Promise<{ status: OpenBankingStatus; providerReference?: string }>;
  /**
   * Asks what became of the payment sent under `idempotencyKey` (card, saved card or bank); throws when it cannot tell.
   * The sandbox answers from its ledger; Adyen has no documented status query and always throws ProcessorOutcomeUnknown.
   */
  findPayment(input: FindPaymentInput): Promise<PaymentLookup>;
}

/**
 * A processor call that failed for technical reasons (not a decline) and the
 * processor said so: nothing was taken. `transient` (unreachable before the
 * request was accepted, a 5xx, rate limiting) may succeed when retried later;
 * otherwise (a validation error, an unknown reference) a retry fails the same way.
 */
export class ProcessorError extends Error {
  /** Its message names references, amounts and the processor's codes, never a customer's data: logs may show it (lib/http/safe-error-log.ts). */
  readonly logSafeMessage = true;
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

/**
 * The processor may or may not have acted: the call timed out after it was
 * sent, or the answer could not be understood. Nothing may be assumed either
 * way; the payment stays unsettled until the processor is asked what happened.
 */
export class ProcessorOutcomeUnknown extends Error {
  /** As ProcessorError's: written by the adapters from references and the processor's answer. */
  readonly logSafeMessage = true;
}
