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

/** Card details as entered: plain in the sandbox, encrypted fields from @adyen/adyen-web in production. */
export type PaymentMethodInput =
  | { kind: 'card'; number: string; expiryMonth: number; expiryYear: number; cvc: string; holderName: string }
  | { kind: 'adyen_encrypted'; holderName: string; fields: Record<string, string> };

export type ShopperInteraction = 'ecommerce' | 'moto';

export type ShopperData = {
  /** The customer's IP address as the service derived it (lib/http/client-ip.ts). */
  ip?: string | null;
  /** The payee's email on the link or session. */
  email?: string | null;
  /** The origin (scheme://host[:port]) of the page the card was entered on. */
  origin?: string | null;
};

export type AuthoriseResult =
  | { status: 'authorised'; providerReference: string; card: CardFacts; captured: boolean; storedCardToken?: string }
  | { status: 'declined'; providerReference: string; reason: string; card?: CardFacts }
  | { status: 'challenge'; providerReference: string; redirectUrl: string; card: CardFacts };

export type FinalResult = Exclude<AuthoriseResult, { status: 'challenge' }>;

export type OpenBankingStatus = 'pending' | 'authorised' | 'declined' | 'abandoned';

/**
 * What the processor knows of the payment sent under an idempotency key: the
 * truth the runner records for a payment whose outcome never landed here.
 * captured / authorised: money is taken or held. declined: refused, nothing
 * taken. awaiting_shopper: a 3-D Secure or bank step was started and never
 * finished, so nothing was taken. not_found: the processor positively has no
 * payment under that key, nothing was taken. A query that cannot tell throws.
 */
export type PaymentLookup =
  | { status: 'captured' | 'authorised'; providerReference: string; amount?: number; currency?: string; card?: CardFacts; storedCardToken?: string }
  | { status: 'declined'; providerReference: string; reason: string; card?: CardFacts }
  | { status: 'awaiting_shopper'; providerReference: string }
  | { status: 'not_found' };

export type FindPaymentInput = {
  /** Our transaction id: the reference the payment was sent with. */
  reference: string;
  idempotencyKey: string;
  /** What was sent, for a processor that answers only a replay of the same request (Adyen). */
  amount: number;
  currency: string;
  /** Whether the payment was sent to be captured at once (false: authorise only). */
  capture: boolean;
  /** When the payment was first sent: a processor whose memory of keys expires cannot say "not found" after that. */
  sentAt: Date;
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
  /** Completes a 3-D Secure challenge with what the challenge page sent back. */
  finishChallenge(input: { providerReference: string; payload: Record<string, string> }): Promise<FinalResult>;
  capture(input: { providerReference: string; amount: number; currency: string; idempotencyKey: string }): Promise<void>;
  reverse(input: { providerReference: string; idempotencyKey: string }): Promise<void>;
  refund(input: { providerReference: string; amount: number; currency: string; idempotencyKey: string }): Promise<{ providerReference: string }>;
  /** Charges (or only authorises) a saved card without the customer present. */
  chargeStoredCard(input: {
    token: string;
    reference: string;
    amount: number;
    currency: string;
    capture: boolean;
    idempotencyKey: string;
  }): Promise<FinalResult>;
  startOpenBanking(input: { reference: string; amount: number; currency: string; returnUrl: string; idempotencyKey: string }): Promise<{ providerReference: string; redirectUrl: string }>;
  /** `payload`: what the bank sent back on return (Adyen's redirectResult); the sandbox needs none. */
  finishOpenBanking(input: { providerReference: string; payload?: Record<string, string> }): Promise<{ status: OpenBankingStatus }>;
  /** Asks what became of the payment sent under `idempotencyKey` (card, saved card or bank); throws when it cannot tell. */
  findPayment(input: FindPaymentInput): Promise<PaymentLookup>;
}

/**
 * A processor call that failed for technical reasons (not a decline) and the
 * processor said so: nothing was taken. `transient` (unreachable before the
 * request was accepted, a 5xx, rate limiting) may succeed when retried later;
 * otherwise (a validation error, an unknown reference) a retry fails the same way.
 */
export class ProcessorError extends Error {
  constructor(message: string, readonly transient = false) {
    super(message);
  }
}

/**
 * The processor may or may not have acted: the call timed out after it was
 * sent, or the answer could not be understood. Nothing may be assumed either
 * way; the payment stays unsettled until the processor is asked what happened.
 */
export class ProcessorOutcomeUnknown extends Error {}
