import type { CardVerificationInput, PaymentMethodInput, Processor, StoredCardUse } from '../port';

/*
 * Request bodies of the Checkout API v71, built from the port's inputs. Pure,
 * so that the tests can hold them against recorded requests field by field.
 */

type Amount = { currency: string; value: number };
const amountOf = (amount: number, currency: string): Amount => ({ currency, value: amount });

/** The encrypted fields adyen-web's card component puts in state.data.paymentMethod; nothing else is forwarded. */
const encryptedFieldNames = [
  'encryptedCardNumber',
  'encryptedExpiryMonth',
  'encryptedExpiryYear',
  'encryptedSecurityCode',
] as const;

export function paymentMethodBody(method: PaymentMethodInput): Record<string, string> {
  // Raw card numbers never reach Adyen from here (the adapter refuses them first): only adyen-web's encrypted fields.
  if (method.kind === 'card') throw new Error('raw card numbers are not sent to Adyen');
  if (method.kind === 'adyen_wallet') return walletMethodBody(method.wallet, method.token);
  const body: Record<string, string> = { type: 'scheme' };
  for (const name of encryptedFieldNames) if (method.fields[name]) body[name] = method.fields[name];
  return { ...body, holderName: method.holderName };
}

/**
 * A wallet payment as Checkout v71 defines it (CheckoutService-v71.json): ApplePayDetails `{ type: "applepay",
 * applePayToken }` ("the stringified and base64 encoded paymentData you retrieved from the Apple framework", at most
 * 10000 characters) and GooglePayDetails `{ type: "googlepay", googlePayToken }` ("the token that you obtained from
 * the Google Pay API PaymentData response"). adyen-web's ApplePay and GooglePay components hand over exactly these
 * in state.data.paymentMethod; the page posts the token alone and the type follows from the wallet.
 */
function walletMethodBody(wallet: 'apple_pay' | 'google_pay', token: string): Record<string, string> {
  return wallet === 'apple_pay'
    ? { type: 'applepay', applePayToken: token }
    : { type: 'googlepay', googlePayToken: token };
}

/** The shopper a stored card belongs to at Adyen: one per payment that stored a card (a booking's card, not a person). */
export const shopperReferenceFor = (reference: string) => `tp-${reference}`;

/**
 * Adyen's recurringProcessingModel for what a stored card is used for
 * (PaymentRequest.recurringProcessingModel in the v71 OpenAPI; docs.adyen.com
 * online-payments/tokenization/advanced-flow): `Subscription`, "a transaction
 * for a fixed or variable amount, which follows a fixed schedule" (group
 * instalments collected on their due dates, scheduled payments on their date);
 * `UnscheduledCardOnFile`, one "that occurs on a non-fixed schedule and/or have
 * variable amounts" (a saved card the merchant charges through the API when it
 * chooses). A token is created under the model most fitting at the time, and
 * each later payment names its own ("in subsequent transactions you can then
 * specify the applicable recurringProcessingModel"). CardOnFile, a returning
 * shopper paying with the stored card themselves, is not used: the customer
 * never picks a saved card at checkout.
 */
export const recurringProcessingModel = (use: StoredCardUse) =>
  use === 'scheduled' ? 'Subscription' : 'UnscheduledCardOnFile';

/** Authorise only: Adyen's per-payment manual capture; otherwise the account's capture delay applies, which must be immediate. */
const captureData = (capture: boolean) => (capture ? {} : { additionalData: { manualCapture: 'true' } });

/*
 * A card payment's request (v71 PaymentRequest). Ecommerce: the 3-D Secure 2 data Adyen recommends for
 * frictionless approval, each where known: `shopperIP` and `shopperEmail` (Visa and JCB 3DS2 need one of them),
 * `origin` (required for channel Web 3DS2), `browserInfo` (the full object for web integrations), and the
 * redirect flow (`nativeThreeDS: disabled`, GET both ways). No `billingAddress`: the service does not collect the
 * cardholder's address (a link's customer is the traveller, not always the cardholder, and address_1 does not
 * separate the house number Adyen's BillingAddress requires), and Adyen wants all of its fields or none.
 * MOTO: `shopperInteraction: Moto` (v71 enum: Ecommerce, ContAuth, Moto, POS), no 3-D Secure, so none of the
 * 3DS or redirect fields, and no browser or IP data: they would describe the agent, not the cardholder.
 */
export function cardPaymentRequest(merchantAccount: string, input: Parameters<Processor['authorise']>[0]) {
  const moto = input.shopperInteraction === 'moto';
  const shopper = input.shopper ?? {};
  return {
    merchantAccount,
    reference: input.reference,
    amount: amountOf(input.amount, input.currency),
    paymentMethod: paymentMethodBody(input.method),
    // Required by the v71 PaymentRequest even when no redirect can follow (MOTO).
    returnUrl: input.returnUrl,
    channel: 'Web',
    shopperInteraction: moto ? 'Moto' : 'Ecommerce',
    ...(shopper.email ? { shopperEmail: shopper.email } : {}),
    ...(moto ? {} : ecommerceShopperData(input)),
    ...captureData(input.capture),
    // The first payment of the series: the shopper is present (Ecommerce, above) and agrees to the card being stored.
    ...(input.storeCard
      ? {
          storePaymentMethod: true,
          shopperReference: shopperReferenceFor(input.reference),
          recurringProcessingModel: recurringProcessingModel(input.storedCardUse ?? 'unscheduled'),
        }
      : {}),
  };
}

/**
 * A card verification (port.ts verifyAndStoreCard): the card payment's request with `amount.value` 0, which is how
 * Checkout v71 asks for one (CheckoutService-v71.json, PaymentRequest.amount: "For BIN or card verification
 * requests, set amount to 0 (zero)"; docs.adyen.com/payment-methods/cards/bin-data-and-card-verification: "Submit an
 * authorisation request with a currency value amounting to 0 (zero-value auth). The currency should match the eventual
 * transaction currency", answered Authorised, Refused or Error), and the tokenisation fields of a first payment
 * (`storePaymentMethod: true`, `shopperReference`, `recurringProcessingModel`; docs.adyen.com tokenization: a token
 * can be created "with a zero-value authorization to verify payment details without collecting a payment"). The
 * shopper is present (Ecommerce) with the 3-D Secure 2 data of a payment, so a challenge comes as for one. No
 * manualCapture: there is nothing to capture. Where the acquirer cannot verify at zero, Adyen itself authorises about
 * EUR 1 and cancels it at once (same page): still no money moves for us to record.
 */
export function cardVerificationRequest(merchantAccount: string, input: CardVerificationInput) {
  return cardPaymentRequest(merchantAccount, {
    reference: input.reference,
    amount: 0,
    currency: input.currency,
    method: input.method,
    capture: true,
    storeCard: true,
    storedCardUse: input.storedCardUse,
    returnUrl: input.returnUrl,
    idempotencyKey: input.idempotencyKey,
    shopperInteraction: 'ecommerce',
    ...(input.shopper ? { shopper: input.shopper } : {}),
  });
}

/** The cardholder's own session: where they are, their browser, and the redirect 3-D Secure flow. */
function ecommerceShopperData(input: Parameters<Processor['authorise']>[0]) {
  const shopper = input.shopper ?? {};
  const browserInfo = input.method.kind === 'adyen_encrypted' ? browserInfoOf(input.method.fields.browserInfo) : null;
  return {
    ...(shopper.ip ? { shopperIP: shopper.ip } : {}),
    ...(shopper.origin ? { origin: shopper.origin } : {}),
    ...(browserInfo ? { browserInfo } : {}),
    // Redirect (not native) 3-D Secure, by GET both ways: the port's challenge is one URL to send the customer to,
    // and the customer comes back to returnUrl with ?redirectResult=... for finishChallenge.
    authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
    redirectToIssuerMethod: 'GET',
    redirectFromIssuerMethod: 'GET',
  };
}

/** The v71 BrowserInfo's required fields: an object without all of them is not sent (Adyen would refuse the payment). */
const browserInfoFields = [
  'acceptHeader',
  'colorDepth',
  'javaEnabled',
  'language',
  'screenHeight',
  'screenWidth',
  'timeZoneOffset',
  'userAgent',
];

/** adyen-web's state.data.browserInfo, posted by the page as a JSON string; anything unreadable or partial is left out, never thrown. */
export function browserInfoOf(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const info = parsed as Record<string, unknown>;
  if (!browserInfoFields.every((name) => info[name] !== undefined && info[name] !== null)) return null;
  // Only BrowserInfo's own fields are forwarded: the page's post is the customer's to shape.
  return Object.fromEntries(
    [...browserInfoFields, 'javaScriptEnabled'].filter((name) => name in info).map((name) => [name, info[name]]),
  );
}

/**
 * A later payment with the stored card, merchant-initiated with the customer
 * absent: ContAuth ("card on file and/or subscription transactions, where the
 * cardholder is known to the merchant"), no 3-D Secure (the agreement given at
 * the first payment covers it), and the model of this charge. `returnUrl` is
 * required by /payments in v71 even here; no customer ever follows it (a
 * redirect asked of an absent customer is refused by the adapter).
 */
export function storedCardPaymentRequest(
  merchantAccount: string,
  input: Parameters<Processor['chargeStoredCard']>[0],
  stored: { shopperReference: string; storedPaymentMethodId: string },
  returnUrl: string,
) {
  return {
    merchantAccount,
    reference: input.reference,
    amount: amountOf(input.amount, input.currency),
    paymentMethod: { type: 'scheme', storedPaymentMethodId: stored.storedPaymentMethodId },
    shopperReference: stored.shopperReference,
    returnUrl,
    shopperInteraction: 'ContAuth',
    recurringProcessingModel: recurringProcessingModel(input.use),
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

export const captureRequest = (merchantAccount: string, amount: number, currency: string) => ({
  merchantAccount,
  amount: amountOf(amount, currency),
});
export const refundRequest = captureRequest;
export const reversalRequest = (merchantAccount: string) => ({ merchantAccount });
export const detailsRequest = (redirectResult: string) => ({ details: { redirectResult } });

/**
 * The Idempotency-Key of a redirect payment's /payments/details: `details-<pspReference>`, or `details-<our reference>`
 * when the first answer named no pspReference (redirect methods may not: CheckoutService-v71 PaymentResponse.pspReference).
 * The finish and findPayment's replay of it must use the same key. Null when neither is known.
 */
export const detailsIdempotencyKey = (psp: string | null, reference: string | null) =>
  (psp ?? reference) ? `details-${psp ?? reference}` : null;
