import { publicBaseUrl } from '@/lib/config';
import {
  ProcessorError,
  ProcessorOutcomeUnknown,
  type CardFacts,
  type ModificationResult,
  type FinalResult,
  type OpenBankingStart,
  type OpenBankingStatus,
  type PaymentMethodInput,
  type Processor,
} from '../port';
import { cardFactsFromInput } from './adyen-card-facts';
import { cardDetailsRequest, cardFactsFromDetails, type CardDetailsResponse } from './adyen-card-lookup';
import { adyenClient, type FetchLike } from './adyen-client';
import type { AdyenConfig } from './adyen-config';
import * as body from './adyen-requests';
import { detailsIdempotencyKey } from './adyen-requests';
import { mapPaymentResponse, openBankingStatus, type AdyenPaymentResponse } from './adyen-results';
import { decodeStoredCardToken } from './adyen-token';
import { adyenFindPayment } from './adyen-find-payment';
import { cardVerificationOf, finalCardVerification } from '../card-verification';

type Modification = { pspReference?: string; status?: string };

/**
 * A challenge's reference is Adyen's pspReference, with ":manual" when the
 * payment is authorise-only: /payments/details does not say whether capture
 * was manual, and the port's FinalResult must. Every call that takes a
 * reference strips the suffix, so either form works afterwards.
 */
const MANUAL = ':manual';
const pspOf = (providerReference: string) => providerReference.replace(/:manual$/, '');
const payments = (providerReference: string, action: string) =>
  `/payments/${encodeURIComponent(pspOf(providerReference))}/${action}`;

/** The production processor: Adyen's Checkout API v71 over plain fetch (docs.adyen.com/api-explorer/Checkout/71). */
export class AdyenProcessor implements Processor {
  readonly name = 'adyen' as const;
  private readonly post: ReturnType<typeof adyenClient>;

  constructor(
    private readonly config: AdyenConfig,
    fetchImpl: FetchLike = (url, init) => fetch(url, init),
  ) {
    this.post = adyenClient(config, fetchImpl);
  }

  async lookupCard(method: PaymentMethodInput): Promise<CardFacts | null> {
    refuseRawCard(method);
    const request = cardDetailsRequest(this.config.merchantAccount, method);
    if (!request) return null;
    return cardFactsFromDetails(await this.post<CardDetailsResponse>('/cardDetails', request), method);
  }

  async authorise(input: Parameters<Processor['authorise']>[0]) {
    refuseRawCard(input.method);
    const response = await this.post<AdyenPaymentResponse>(
      '/payments',
      body.cardPaymentRequest(this.config.merchantAccount, input),
      input.idempotencyKey,
    );
    const result = mapPaymentResponse(response, {
      reference: input.reference,
      capture: input.capture,
      storeCard: input.storeCard,
      fallback: cardFactsFromInput(input.method),
    });
    if (result.status !== 'challenge') return result;
    // A redirect's first answer may name no payment yet (OpenAPI: pspReference comes "in the /payments/details
    // response" for redirect methods): null, never our reference in its place (finishChallenge is keyed by ours then).
    if (!response.pspReference) return { ...result, providerReference: null };
    return input.capture ? result : { ...result, providerReference: response.pspReference + MANUAL };
  }

  /**
   * `payload` is what Adyen appended to returnUrl: `redirectResult`. The answer must be this payment's (its
   * merchantReference is ours, its pspReference the challenge's): a redirectResult of another attempt (an old tab
   * of the same link) is refused, never recorded as this one's outcome. A final answer without a pspReference is
   * not recorded either (unknown): the AUTHORISATION notification brings the reference with the outcome.
   */
  async finishChallenge(input: Parameters<Processor['finishChallenge']>[0]): Promise<FinalResult> {
    const redirectResult = input.payload.redirectResult;
    if (!redirectResult) throw new ProcessorError('the 3-D Secure return carries no redirectResult');
    const psp = input.providerReference ? pspOf(input.providerReference) : null;
    const response = await this.post<AdyenPaymentResponse>(
      '/payments/details',
      body.detailsRequest(redirectResult),
      detailsKey(psp, input.reference),
    );
    refuseOtherPayment(response, psp, input.reference);
    const reference = response.pspReference ?? psp;
    if (!reference)
      throw new ProcessorOutcomeUnknown(
        `Adyen's /payments/details answer for ${input.reference ?? 'a challenge'} names no pspReference`,
      );
    const capture = input.capture ?? !input.providerReference?.endsWith(MANUAL);
    const result = mapPaymentResponse(response, { reference, capture, storeCard: true, fallback: {} });
    if (result.status === 'challenge') throw new ProcessorError(`Adyen asked for a second challenge on ${reference}`);
    return result;
  }

  async capture(input: Parameters<Processor['capture']>[0]) {
    const path = payments(input.providerReference, 'captures');
    const request = body.captureRequest(this.config.merchantAccount, input.amount, input.currency);
    return modificationResult(path, await this.post<Modification>(path, request, input.idempotencyKey));
  }

  /** /reversals: Adyen cancels an uncaptured payment or refunds a captured one, and says which in CANCEL_OR_REFUND. */
  async reverse(input: Parameters<Processor['reverse']>[0]) {
    const path = payments(input.providerReference, 'reversals');
    return modificationResult(
      path,
      await this.post<Modification>(path, body.reversalRequest(this.config.merchantAccount), input.idempotencyKey),
    );
  }

  async refund(input: Parameters<Processor['refund']>[0]) {
    const path = payments(input.providerReference, 'refunds');
    const request = body.refundRequest(this.config.merchantAccount, input.amount, input.currency);
    return modificationResult(path, await this.post<Modification>(path, request, input.idempotencyKey));
  }

  async chargeStoredCard(input: Parameters<Processor['chargeStoredCard']>[0]): Promise<FinalResult> {
    const stored = decodeStoredCardToken(input.token);
    // The service's own address: required by /payments, never visited (no customer is there to be redirected).
    const request = body.storedCardPaymentRequest(this.config.merchantAccount, input, stored, `${publicBaseUrl()}/`);
    const response = await this.post<AdyenPaymentResponse>('/payments', request, input.idempotencyKey);
    const result = mapPaymentResponse(response, {
      reference: input.reference,
      capture: input.capture,
      storeCard: false,
      fallback: {},
    });
    if (result.status === 'challenge')
      throw new ProcessorError(`Adyen asked the absent customer for a challenge on ${result.providerReference}`);
    return result;
  }

  /**
   * A zero-value /payments that stores the card (adyen-requests.ts cardVerificationRequest). The answer is a payment's
   * (paymentsSuccess.ts in adyen-node-api-library's src/__mocks__/checkout: resultCode Authorised with additionalData;
   * the token as tokenization.storedPaymentMethodId or recurring.recurringDetailReference, read by mapPaymentResponse),
   * RedirectShopper for 3-D Secure (post-payments-card-3d-secure-redirect-200 in CheckoutService-v71.json), Refused.
   */
  async verifyAndStoreCard(input: Parameters<Processor['verifyAndStoreCard']>[0]) {
    refuseRawCard(input.method);
    const response = await this.post<AdyenPaymentResponse>(
      '/payments',
      body.cardVerificationRequest(this.config.merchantAccount, input),
      input.idempotencyKey,
    );
    const result = mapPaymentResponse(response, {
      reference: input.reference,
      capture: false,
      storeCard: true,
      fallback: cardFactsFromInput(input.method),
    });
    // No pspReference in a redirect's first answer is null, as for authorise; the finish is keyed by our reference.
    if (result.status === 'challenge' && !response.pspReference)
      return cardVerificationOf({ ...result, providerReference: null }, input.reference);
    return cardVerificationOf(result, input.reference);
  }

  /** /payments/details under our reference (the first answer's pspReference is not kept: none is needed to finish). */
  async finishCardVerification(input: Parameters<Processor['finishCardVerification']>[0]) {
    const result = await this.finishChallenge({
      providerReference: null,
      reference: input.reference,
      capture: false,
      payload: input.payload,
    });
    return finalCardVerification(cardVerificationOf(result, input.reference), input.reference);
  }

  async startOpenBanking(input: Parameters<Processor['startOpenBanking']>[0]): Promise<OpenBankingStart> {
    const response = await this.post<AdyenPaymentResponse>(
      '/payments',
      body.openBankingRequest(this.config.merchantAccount, input),
      input.idempotencyKey,
    );
    const providerReference = response.pspReference ?? input.reference;
    // Received / Pending: Adyen took the payment and decides later (adyen-results.ts), so it is not a failure.
    if (response.resultCode === 'Received' || response.resultCode === 'Pending')
      return { status: 'received', providerReference };
    const url = response.action?.url;
    if (response.resultCode !== 'RedirectShopper' || !url || response.action?.method !== 'GET') {
      throw new ProcessorError(`Adyen answered ${response.resultCode ?? 'no resultCode'} to a Pay by Bank payment`);
    }
    // No pspReference yet is null, not our reference (see authorise): the bank's answer or its notification names it.
    return { status: 'redirect', providerReference: response.pspReference ?? null, redirectUrl: url };
  }

  /**
   * Adyen has no "status of this payment" call: the outcome comes from
   * /payments/details with the redirectResult the bank sent back (or from the
   * AUTHORISATION notification). Without a redirectResult it cannot be known
   * here: `pending`, never a failure (the customer may have paid).
   */
  async finishOpenBanking(
    input: Parameters<Processor['finishOpenBanking']>[0],
  ): Promise<{ status: OpenBankingStatus; providerReference?: string }> {
    const redirectResult = input.payload?.redirectResult;
    if (!redirectResult) return { status: 'pending' };
    const response = await this.post<AdyenPaymentResponse>(
      '/payments/details',
      body.detailsRequest(redirectResult),
      detailsKey(input.providerReference, input.reference),
    );
    refuseOtherPayment(response, input.providerReference, input.reference);
    return {
      status: openBankingStatus(response),
      ...(response.pspReference ? { providerReference: response.pspReference } : {}),
    };
  }

  /** Adyen documents no status query: unknown, its notification is the answer (adyen-find-payment.ts). */
  findPayment(input: Parameters<Processor['findPayment']>[0]) {
    return adyenFindPayment(input);
  }
}

/**
 * Adyen answers a capture, reversal or refund with `status: "received"` and the
 * modification's pspReference (Checkout v71 PaymentCaptureResource,
 * PaymentReversalResource, PaymentRefundResource: `received` is the only
 * status); the outcome comes later as a notification. Anything else in a 2xx
 * answer cannot be read, and the request may have been acted on.
 */
function modificationResult(path: string, response: Modification): ModificationResult {
  if (response.status !== 'received' || typeof response.pspReference !== 'string' || !response.pspReference) {
    throw new ProcessorOutcomeUnknown(
      `Adyen ${path} answered status ${String(response.status)} without a usable pspReference; it may have acted`,
    );
  }
  return { status: 'received', providerReference: response.pspReference };
}

/**
 * Raw card numbers are for the sandbox's test cards only: in production the
 * number must never reach this service (PCI DSS), so the pages send
 * adyen-web's encrypted fields and a plain number is refused before any call.
 */
function refuseRawCard(method: PaymentMethodInput): void {
  if (method.kind === 'card')
    throw new ProcessorError(
      'raw card numbers are accepted only by the sandbox processor; send adyen-web encrypted fields',
    );
}

/** The finish's key: Adyen's reference when the first answer gave one, else ours (adyen-find-payment.ts replays the same). */
function detailsKey(psp: string | null, reference: string | undefined): string {
  const key = detailsIdempotencyKey(psp, reference ?? null);
  if (!key)
    throw new ProcessorError('a redirect payment without a pspReference can only be finished with its reference');
  return key;
}

/** A details answer of another payment (merchantReference or pspReference not this one's) is never this payment's outcome. */
function refuseOtherPayment(response: AdyenPaymentResponse, psp: string | null, reference: string | undefined): void {
  const otherReference = reference && response.merchantReference && response.merchantReference !== reference;
  const otherPsp = psp && response.pspReference && response.pspReference !== psp;
  if (otherReference || otherPsp) {
    throw new ProcessorError(
      `the redirectResult belongs to payment ${response.merchantReference ?? response.pspReference}, not ${reference ?? psp}`,
    );
  }
}
