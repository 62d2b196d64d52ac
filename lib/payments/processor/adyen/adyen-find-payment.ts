import { ProcessorOutcomeUnknown, type FindPaymentInput, type PaymentLookup } from '../port';
import { AdyenRequestError } from './adyen-client';
import { detailsIdempotencyKey } from './adyen-requests';
import { mapPaymentResponse, type AdyenPaymentResponse } from './adyen-results';

type Post = <T>(path: string, body: unknown, idempotencyKey?: string) => Promise<T>;

/**
 * Adyen's Checkout API has no "get payment" call (its outcome is pushed by
 * webhooks, which this service does not take yet). What it does guarantee is
 * idempotency: a POST repeated with the same Idempotency-Key within at least
 * 31 days is answered with the first request's stored response, without
 * processing it again (docs.adyen.com/development-resources/api-idempotency).
 *
 * So the query replays the call under the payment's own key with a body that
 * carries no card data and therefore cannot authorise anything:
 * - a stored response comes back: that is what happened (Authorised, Refused,
 *   RedirectShopper...);
 * - a validation error comes back: Adyen processed the replay as a new
 *   request, so it never had one under that key, and nothing was taken;
 * - 704 (first request still in progress), a timeout or a 5xx: unknown, ask later.
 * A 3-D Secure payment is finished by /payments/details under `details-<psp>`,
 * replayed the same way; a Pay by Bank payment's outcome is only known from
 * the bank's redirectResult or a webhook, so it stays unknown here.
 */
/** Adyen keeps idempotency keys at least 31 days; a day less, so a replay is never read against a forgotten key. */
export const IDEMPOTENCY_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export async function adyenFindPayment(post: Post, merchantAccount: string, input: FindPaymentInput, at: Date): Promise<PaymentLookup> {
  if (at.getTime() - input.sentAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
    throw new ProcessorOutcomeUnknown(`payment ${input.reference} is older than Adyen's idempotency window: its replay cannot tell; check the Customer Area`);
  }
  const replay = { merchantAccount, reference: input.reference, amount: { currency: input.currency, value: input.amount }, paymentMethod: { type: 'scheme' } };
  const first = await storedAnswer(post, '/payments', replay, input.idempotencyKey);
  if (!first) return { status: 'not_found' };
  if (first.action?.paymentMethodType === 'paybybank' || first.paymentMethod?.type === 'paybybank') {
    throw new ProcessorOutcomeUnknown(`Adyen tells a Pay by Bank outcome only by redirectResult or webhook (${first.pspReference ?? input.reference})`);
  }
  let answer = first;
  if (first.resultCode === 'RedirectShopper') {
    // Under the finish's own key: the pspReference, or our reference when the redirect answer named none (adyen-requests.ts).
    const key = detailsIdempotencyKey(first.pspReference ?? null, input.reference)!;
    const finished = await storedAnswer(post, '/payments/details', { details: { redirectResult: '' } }, key);
    if (!finished) return { status: 'awaiting_shopper', providerReference: first.pspReference ?? null };
    answer = finished;
  }
  return lookupOf(answer, input);
}

/** The stored first answer under the key, or null when Adyen refused the replay as a new, invalid request. */
async function storedAnswer(post: Post, path: string, body: unknown, key: string): Promise<AdyenPaymentResponse | null> {
  try {
    return await post<AdyenPaymentResponse>(path, body, key);
  } catch (error) {
    if (error instanceof AdyenRequestError && error.body.errorType === 'validation') return null;
    throw error;
  }
}

function lookupOf(response: AdyenPaymentResponse, input: FindPaymentInput): PaymentLookup {
  if (response.resultCode === 'Error') return { status: 'declined', providerReference: response.pspReference ?? input.reference, reason: 'processor_error' };
  if (response.resultCode === 'Pending' || response.resultCode === 'Received') {
    throw new ProcessorOutcomeUnknown(`Adyen has no final outcome yet for ${response.pspReference ?? input.reference}`);
  }
  const result = mapPaymentResponse(response, { reference: input.reference, capture: input.capture, storeCard: true, fallback: {} });
  if (result.status === 'challenge') return { status: 'awaiting_shopper', providerReference: result.providerReference };
  if (result.status === 'declined') return result;
  const { providerReference, card, storedCardToken } = result;
  return { status: input.capture ? 'captured' : 'authorised', providerReference, card, amount: input.amount, currency: input.currency, ...(storedCardToken ? { storedCardToken } : {}) };
}
