import type { PaymentMethodInput, Processor } from '../port';

/*
 * Request bodies of the Checkout API v71, built from the port's inputs. Pure,
 * so that the tests can hold them against recorded requests field by field.
 */

type Amount = { currency: string; value: number };
const amountOf = (amount: number, currency: string): Amount => ({ currency, value: amount });

/** The encrypted fields adyen-web's card component puts in state.data.paymentMethod; nothing else is forwarded. */
const encryptedFieldNames = ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear', 'encryptedSecurityCode'] as const;

export function paymentMethodBody(method: PaymentMethodInput): Record<string, string> {
  // Raw card numbers never reach Adyen from here (the adapter refuses them first): only adyen-web's encrypted fields.
  if (method.kind === 'card') throw new Error('raw card numbers are not sent to Adyen');
  const body: Record<string, string> = { type: 'scheme' };
  for (const name of encryptedFieldNames) if (method.fields[name]) body[name] = method.fields[name];
  return { ...body, holderName: method.holderName };
}

/** The shopper a stored card belongs to at Adyen: one per payment that stored a card (a booking's card, not a person). */
export const shopperReferenceFor = (reference: string) => `tp-${reference}`;

/** Authorise only: Adyen's per-payment manual capture; otherwise the account's capture delay applies, which must be immediate. */
const captureData = (capture: boolean) => (capture ? {} : { additionalData: { manualCapture: 'true' } });

export function cardPaymentRequest(merchantAccount: string, input: Parameters<Processor['authorise']>[0]) {
  const method = input.method;
  const browserInfo = method.kind === 'adyen_encrypted' && method.fields.browserInfo ? { browserInfo: JSON.parse(method.fields.browserInfo) as unknown } : {};
  return {
    merchantAccount,
    reference: input.reference,
    amount: amountOf(input.amount, input.currency),
    paymentMethod: paymentMethodBody(method),
    returnUrl: input.returnUrl,
    channel: 'Web',
    shopperInteraction: 'Ecommerce',
    // Redirect (not native) 3-D Secure, by GET both ways: the port's challenge is one URL to send the customer to,
    // and the customer comes back to returnUrl with ?redirectResult=... for finishChallenge.
    authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
    redirectToIssuerMethod: 'GET',
    redirectFromIssuerMethod: 'GET',
    ...browserInfo,
    ...captureData(input.capture),
    ...(input.storeCard
      ? { storePaymentMethod: true, shopperReference: shopperReferenceFor(input.reference), recurringProcessingModel: 'UnscheduledCardOnFile' }
      : {}),
  };
}

export function storedCardPaymentRequest(
  merchantAccount: string,
  input: Parameters<Processor['chargeStoredCard']>[0],
  stored: { shopperReference: string; storedPaymentMethodId: string },
) {
  return {
    merchantAccount,
    reference: input.reference,
    amount: amountOf(input.amount, input.currency),
    paymentMethod: { type: 'scheme', storedPaymentMethodId: stored.storedPaymentMethodId },
    shopperReference: stored.shopperReference,
    // Merchant-initiated, customer absent: no 3-D Secure, the card-on-file agreement of the first payment covers it.
    shopperInteraction: 'ContAuth',
    recurringProcessingModel: 'UnscheduledCardOnFile',
    ...captureData(input.capture),
  };
}

/** Only where the currency names the country: Pay by Bank needs it to list the right banks (GBP means the UK). */
const countryForCurrency: Record<string, string> = { GBP: 'GB' };

export function openBankingRequest(merchantAccount: string, input: Parameters<Processor['startOpenBanking']>[0]) {
  const countryCode = countryForCurrency[input.currency];
  return {
    merchantAccount,
    reference: input.reference,
    amount: amountOf(input.amount, input.currency),
    paymentMethod: { type: 'paybybank' },
    returnUrl: input.returnUrl,
    channel: 'Web',
    shopperInteraction: 'Ecommerce',
    redirectFromIssuerMethod: 'GET',
    ...(countryCode ? { countryCode } : {}),
  };
}

export const captureRequest = (merchantAccount: string, amount: number, currency: string) => ({ merchantAccount, amount: amountOf(amount, currency) });
export const refundRequest = captureRequest;
export const reversalRequest = (merchantAccount: string) => ({ merchantAccount });
export const detailsRequest = (redirectResult: string) => ({ details: { redirectResult } });

/**
 * The Idempotency-Key of a redirect payment's /payments/details: `details-<pspReference>`, or `details-<our reference>`
 * when the first answer named no pspReference (redirect methods may not: CheckoutService-v71 PaymentResponse.pspReference).
 * The finish and findPayment's replay of it must use the same key. Null when neither is known.
 */
export const detailsIdempotencyKey = (psp: string | null, reference: string | null) => (psp ?? reference ? `details-${psp ?? reference}` : null);
