import { ProcessorError, type AuthoriseResult, type CardFacts, type OpenBankingStatus } from '../port';
import { cardFactsFromPayment } from './adyen-card-facts';
import { encodeStoredCardToken } from './adyen-token';

/** The part of a /payments or /payments/details answer the adapter reads. */
export type AdyenPaymentResponse = {
  resultCode?: string;
  pspReference?: string;
  merchantReference?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  additionalData?: Record<string, string>;
  paymentMethod?: { type?: string; brand?: string };
  action?: { type?: string; method?: string; url?: string; paymentMethodType?: string };
};

/** Adyen's refusal reason codes (docs: development-resources/refusal-reasons) as the product's reasons; the rest are "declined". */
const reasonByCode: Record<string, string> = {
  '6': 'expired_card',
  '8': 'invalid_card_number',
  '11': '3ds_failed',
  '12': 'insufficient_funds',
  '24': 'cvc_declined',
};

export function declineReason(response: AdyenPaymentResponse): string {
  return reasonByCode[response.refusalReasonCode ?? ''] ?? 'declined';
}

type Context = { reference: string; capture: boolean; storeCard: boolean; fallback: Partial<CardFacts> };

/**
 * Maps a payment answer onto the port. Authorised and Refused are final;
 * Cancelled is a decline; RedirectShopper (redirect 3-D Secure, GET) is the
 * challenge. Received ("the payment has successfully been received by Adyen,
 * and will be processed") and Pending ("the final status of the payment is not
 * available yet") are not outcomes (docs.adyen.com/online-payments/build-your-integration/payment-result-codes,
 * and resultCode in the v71 PaymentResponse): Adyen may still authorise, and
 * tells which in the AUTHORISATION notification. So they are `received`: the
 * payment stays unsettled, never failed (a failed one frees the link for a
 * second payment while the first may still be taken). Anything else is a
 * ProcessorError: Error is a technical failure that took nothing;
 * IdentifyShopper/ChallengeShopper are native 3-D Secure, which the request
 * turned off, so they mean a misconfigured account.
 */
export function mapPaymentResponse(response: AdyenPaymentResponse, context: Context): AuthoriseResult {
  const providerReference = response.pspReference ?? context.reference;
  const card = cardFactsFromPayment(response.additionalData, response.paymentMethod?.brand, context.fallback);
  switch (response.resultCode) {
    case 'Authorised': {
      const storedId =
        response.additionalData?.['tokenization.storedPaymentMethodId'] ??
        response.additionalData?.['recurring.recurringDetailReference'];
      const shopperReference =
        response.additionalData?.['tokenization.shopperReference'] ??
        response.additionalData?.['recurring.shopperReference'];
      const storedCardToken =
        context.storeCard && storedId && shopperReference
          ? encodeStoredCardToken({ shopperReference, storedPaymentMethodId: storedId })
          : undefined;
      return {
        status: 'authorised',
        providerReference,
        card,
        captured: context.capture,
        ...(storedCardToken ? { storedCardToken } : {}),
      };
    }
    case 'Refused':
      return { status: 'declined', providerReference, reason: declineReason(response), card };
    case 'Cancelled':
      return { status: 'declined', providerReference, reason: 'cancelled', card };
    case 'Received':
    case 'Pending':
      // No card facts: such an answer carries few or none, and the row keeps those it already has.
      return { status: 'received', providerReference };
    case 'RedirectShopper':
      if (response.action?.type === 'redirect' && response.action.method === 'GET' && response.action.url) {
        return { status: 'challenge', providerReference, redirectUrl: response.action.url, card };
      }
      throw new ProcessorError(
        `Adyen asked for a ${response.action?.method ?? 'non-GET'} redirect for ${providerReference}; only GET is supported`,
      );
    default:
      throw new ProcessorError(
        `Adyen answered ${response.resultCode ?? 'no resultCode'} for ${providerReference}${response.refusalReason ? `: ${response.refusalReason}` : ''}`,
      );
  }
}

/** The outcome of a bank payment once the customer is back: Cancelled means they left it at the bank. */
export function openBankingStatus(response: AdyenPaymentResponse): OpenBankingStatus {
  switch (response.resultCode) {
    case 'Authorised':
      return 'authorised';
    case 'Refused':
    case 'Error':
      return 'declined';
    case 'Cancelled':
      return 'abandoned';
    default:
      return 'pending';
  }
}
