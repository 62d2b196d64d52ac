import { randomBytes } from 'node:crypto';
import type { TestCard } from './test-values';

/** What the simulator remembers: payments by pspReference, stored cards, pending redirects. All in memory, per simulator. */
export type Amount = { currency: string; value: number };
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export type Payment = {
  psp: string;
  reference: string;
  amount: Amount;
  method: 'scheme' | 'paybybank' | 'applepay' | 'googlepay';
  card?: TestCard & { number: string; expiryMonth: string; expiryYear: string; holderName?: string };
  /** additionalData.manualCapture "true" (or the account's capture delay, which the simulator takes as immediate otherwise). */
  manualCapture: boolean;
  status: 'redirect' | 'authorised' | 'refused' | 'received' | 'pending' | 'error' | 'cancelled';
  captured: number;
  refunded: number;
  /** Store the card once the payment is authorised (storePaymentMethod true with a shopperReference). */
  storeFor?: string;
  storedPaymentMethodId?: string;
  failing?: 'CAPTURE' | 'REFUND';
  returnUrl?: string;
};

export type Redirect = {
  psp: string;
  kind: 'threeds' | 'bank';
  decision?: 'pass' | 'fail';
  redirectResult?: string;
  used?: boolean;
};
export type StoredCard = { shopperReference: string; card: NonNullable<Payment['card']> };

export type State = {
  payments: Map<string, Payment>;
  redirects: Map<string, Redirect>;
  byRedirectResult: Map<string, string>;
  storedCards: Map<string, StoredCard>;
  /** Modifications a test asked to fail: `${psp}:${eventCode}` → reason. */
  failures: Map<string, string>;
  /**
   * Redirect answers (RedirectShopper) without pspReference, as Adyen may send them: CheckoutService-v71's
   * PaymentResponse.pspReference "for payment methods that require a redirect ... you will get this value in the
   * /payments/details response", and its example post-payments-ideal-200 has none.
   */
  redirectsWithoutPspReference: boolean;
};

export const newState = (): State => ({
  payments: new Map(),
  redirects: new Map(),
  byRedirectResult: new Map(),
  storedCards: new Map(),
  failures: new Map(),
  redirectsWithoutPspReference: false,
});

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** A 16-character reference like Adyen's (e.g. "JLCMPCQ8HXSKGK82" in its recorded responses). */
export function adyenId(): string {
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

export const token = () => randomBytes(12).toString('base64url');
