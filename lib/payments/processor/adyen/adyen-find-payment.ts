import { ProcessorOutcomeUnknown, type FindPaymentInput, type PaymentLookup } from '../port';

/**
 * Adyen documents no way to read a payment's status, so this asks nothing.
 *
 * - Checkout v71 has no GET for a payment (its only read of a result,
 *   GET /sessions/{sessionId}, is for the Sessions flow, which this service
 *   does not use, and Adyen says its status "doesn't get updated. Don't make
 *   the request again to check for payment status updates").
 * - For a response lost to a timeout, Adyen's answer is the webhook:
 *   "Implement asynchronous server-to-server webhooks ... this approach helps
 *   keep track of missing responses, a common consequence of a data
 *   transmission timeout" (docs.adyen.com/development-resources/api-idempotency).
 *   AUTHORISATION settles the payment, OFFER_CLOSED ("the offer expired, for
 *   example, because the shopper abandoned the session. For cards, offers
 *   expire after 12 hours by default": docs.adyen.com/api-explorer/Webhooks/1/post/OFFER_CLOSED)
 *   abandons it (lib/core/processor-notifications/). An undelivered webhook is
 *   retried "for up to 30 days" (docs.adyen.com/development-resources/webhooks/troubleshoot).
 * - /payments/details is a documented call only with the redirect data the
 *   shopper brought back; the return flow sends it at once and does not keep
 *   it, so there is nothing to send here.
 * - Replaying /payments under the payment's Idempotency-Key with another body,
 *   as this once did, is not a documented status query and depends on how long
 *   Adyen keeps the key: no longer done.
 *
 * So every query is unknown, and the runner waits for the notification up to
 * a bound, then alerts a person (lib/runner/reconcile-step.ts).
 */
export async function adyenFindPayment(input: FindPaymentInput): Promise<PaymentLookup> {
  throw new ProcessorOutcomeUnknown(
    `Adyen has no status query for ${input.reference}: its AUTHORISATION or OFFER_CLOSED notification is the answer`,
  );
}
