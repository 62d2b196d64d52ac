import { authorisationItem, type NotificationQueue } from './notifications';
import { adyenId, token, type Answer, type Payment, type State } from './state';
import { cardFor, decrypt, failingModification, outcomeFor, threeDsRefusal, type Outcome } from './test-values';

/**
 * POST /payments, /payments/details and /cardDetails, answered in the shapes of Adyen's recorded
 * responses (src/__mocks__/checkout in Adyen/adyen-node-api-library and the response examples of
 * CheckoutService-v71.json):
 * - Authorised: `{ additionalData, pspReference, resultCode, amount, merchantReference, paymentMethod: { brand, type } }`
 *   (paymentsSuccess.ts). additionalData is what the Customer Area's "Additional data" settings add (the field
 *   names of ResponseAdditionalDataCard / ResponseAdditionalDataCommon in the spec): cardBin, issuerBin,
 *   cardSummary, expiryDate ("3/2030"), cardHolderName, cardIssuingCountry, fundingSource, isCardCommercial
 *   (Adyen's name: there is no "cardSchemeCommercial"), paymentMethod, cardPaymentMethod, authCode and, when
 *   the card was stored (storePaymentMethod true with a shopperReference), tokenization.storedPaymentMethodId,
 *   tokenization.shopperReference and tokenization.store.operationType "created".
 * - Refused / Error: `{ pspReference, resultCode, refusalReason, refusalReasonCode, merchantReference }`.
 * - Received / Pending (holderName PENDING / SIM_PENDING): `{ pspReference, resultCode, merchantReference }`;
 *   the outcome comes later as an AUTHORISATION notification (queued as success "true").
 * - 3-D Secure by redirect: a 3DS2 test card with authenticationData.threeDSRequestData.nativeThreeDS
 *   "disabled" answers RedirectShopper with `action: { paymentMethodType: "scheme", url, method: "GET", type:
 *   "redirect" }` and the card's additionalData (post-payments-card-3d-secure-redirect-200 in the spec,
 *   paymentsRedirectAction.ts; both carry a pspReference, so this answer does too). The shopper comes back
 *   to returnUrl with only `redirectResult` appended; /payments/details with it gives the outcome
 *   (Authorised, or Refused "3D Not Authenticated" code 11 when authentication failed). Native 3-D Secure
 *   (nativeThreeDS not disabled) is not modelled: such a request gets ChallengeShopper with a threeDS2 action.
 *   A Moto request (shopperInteraction "Moto": the virtual terminal) is never challenged: the card's outcome stands.
 * - Pay by Bank (`paymentMethod.type: "paybybank"`, PayByBankDetails in the spec): RedirectShopper to the
 *   simulator's bank page (action.paymentMethodType "paybybank"); the bank's decision comes back as
 *   redirectResult; a shopper who abandons never comes back and an OFFER_CLOSED notification is queued.
 * - Apple Pay / Google Pay (`paymentMethod.type` "applepay" with `applePayToken`, "googlepay" with `googlePayToken`:
 *   ApplePayDetails / GooglePayDetails in the spec): a real token is encrypted by Apple or Google for Adyen and cannot
 *   be read here, and Adyen publishes no readable test token, so the simulator's own convention stands in: a token
 *   `test_<card number>` (as Adyen's "test_" values for encrypted fields) pays that test card, and the answer names
 *   the wallet in `paymentMethod.type`. Apple Pay never asks for 3-D Secure (the device's cryptogram stands for it).
 *   Google Pay does for a card that is not a device token ("PAN_ONLY", a card saved in Chrome: Google's "When to
 *   step-up your Google Pay transactions as a PSP" says such a PAN "requires additional authentication measures, such
 *   as 3D Secure"): the simulator takes a 3-D Secure test card's token as one, and answers it as it answers that card
 *   typed in (RedirectShopper). Any other token is refused 422 errorCode "101" as an unreadable card.
 * - Stored card (`paymentMethod.storedPaymentMethodId` + shopperReference): charged without a challenge;
 *   an id the shopperReference does not hold answers 422 errorCode "800" "Contract not found"
 *   (help.adyen.com: "800: Contract not found" when the shopperReference has no such stored details).
 * - /payments/details with a redirectResult the simulator never issued, or one already used under another
 *   Idempotency-Key: 422 errorCode "14_018" "Invalid payload provided" (paymentsResultErrorInvalidDataPayload422.ts).
 *   Adyen does not document a second submission; under the same key the idempotency layer replays the first answer.
 * - /cardDetails: `{ brands: [{ type, supported }], fundingSource, isCardCommercial, issuingCountryCode }`
 *   (CardDetailsResponse; post-cardDetails-supported-brands-200).
 */
type Context = { state: State; notifications: NotificationQueue; baseUrl: string; merchantAccount: string };
type Body = Record<string, unknown>;

const validation = (errorCode: string, message: string): Answer => ({
  status: 422,
  body: { status: 422, errorCode, message, errorType: 'validation', pspReference: adyenId() },
});

function cardData(payment: Payment): Record<string, string> {
  const card = payment.card;
  if (!card) return {};
  return {
    cardBin: card.number.slice(0, 6),
    issuerBin: card.number.slice(0, 8),
    cardSummary: card.number.slice(-4),
    expiryDate: `${Number(card.expiryMonth)}/${card.expiryYear}`,
    ...(card.holderName ? { cardHolderName: card.holderName } : {}),
    cardIssuingCountry: card.country,
    fundingSource: card.funding,
    isCardCommercial: String(card.commercial),
    paymentMethod: card.brand,
    cardPaymentMethod: card.brand,
  };
}

/** Settles a payment with an outcome: stores the card when asked, builds the answer, queues AUTHORISATION. */
function settle(context: Context, payment: Payment, outcome: Outcome): Answer {
  const { state, notifications } = context;
  payment.status = (
    { Authorised: 'authorised', Refused: 'refused', Error: 'error', Received: 'received', Pending: 'pending' } as const
  )[outcome.resultCode];
  const additionalData: Record<string, string> = cardData(payment);
  if (outcome.resultCode === 'Authorised') {
    additionalData.authCode = String(100000 + (payment.psp.charCodeAt(0) % 900000));
    if (!payment.manualCapture) payment.captured = payment.amount.value;
    if (payment.storeFor && payment.card) {
      const id = adyenId();
      state.storedCards.set(id, { shopperReference: payment.storeFor, card: payment.card });
      payment.storedPaymentMethodId = id;
      Object.assign(additionalData, {
        'tokenization.storedPaymentMethodId': id,
        'tokenization.shopperReference': payment.storeFor,
        'tokenization.store.operationType': 'created',
      });
    }
  }
  const final = outcome.resultCode !== 'Received' && outcome.resultCode !== 'Pending';
  const success = outcome.resultCode === 'Authorised' || !final;
  const summary = payment.card
    ? `${additionalData.authCode ?? ''}:${payment.card.number.slice(-4)}:${additionalData.expiryDate}`
    : '';
  const notified = { ...additionalData };
  if (payment.storedPaymentMethodId)
    Object.assign(notified, {
      'recurring.recurringDetailReference': payment.storedPaymentMethodId,
      'recurring.shopperReference': payment.storeFor!,
    });
  notifications.add(authorisationItem(payment, success, success ? summary : (outcome.refusalReason ?? ''), notified));
  const refusal = outcome.refusalReason
    ? { refusalReason: outcome.refusalReason, refusalReasonCode: outcome.refusalReasonCode }
    : {};
  const body = {
    ...(Object.keys(additionalData).length && outcome.resultCode === 'Authorised' ? { additionalData } : {}),
    pspReference: payment.psp,
    resultCode: outcome.resultCode,
    ...refusal,
    ...(outcome.resultCode === 'Authorised' ? { amount: payment.amount } : {}),
    merchantReference: payment.reference,
    ...(payment.card && outcome.resultCode === 'Authorised'
      ? { paymentMethod: { brand: payment.card.brand, type: payment.method } }
      : {}),
  };
  return { status: 200, body };
}

export function payments(context: Context, body: Body): Answer {
  const method = body.paymentMethod as Body;
  const payment: Payment = {
    psp: adyenId(),
    reference: String(body.reference),
    amount: body.amount as Payment['amount'],
    method: methodType(method.type),
    manualCapture: (body.additionalData as Body | undefined)?.manualCapture === 'true',
    status: 'redirect',
    captured: 0,
    refunded: 0,
    ...(typeof body.returnUrl === 'string' ? { returnUrl: body.returnUrl } : {}),
  };
  if (payment.method === 'paybybank') {
    context.state.payments.set(payment.psp, payment);
    return redirect(context, payment, 'bank', {});
  }
  if (typeof method.storedPaymentMethodId === 'string') {
    const stored = context.state.storedCards.get(method.storedPaymentMethodId);
    if (!stored || stored.shopperReference !== body.shopperReference) return validation('800', 'Contract not found');
    payment.card = stored.card;
    context.state.payments.set(payment.psp, payment);
    return settle(context, payment, outcomeFor(stored.card.holderName));
  }
  if (payment.method === 'applepay' || payment.method === 'googlepay') return wallet(context, body, payment);
  const number = decrypt(method.encryptedCardNumber);
  const expiryMonth = decrypt(method.encryptedExpiryMonth);
  const expiryYear = decrypt(method.encryptedExpiryYear);
  if (!number || !expiryMonth || !expiryYear) return validation('101', 'Invalid card number');
  const holderName = typeof method.holderName === 'string' ? method.holderName : undefined;
  payment.card = { ...cardFor(number), number, expiryMonth, expiryYear, ...(holderName ? { holderName } : {}) };
  payment.failing = failingModification(holderName) ?? undefined;
  if (body.storePaymentMethod === true && typeof body.shopperReference === 'string')
    payment.storeFor = body.shopperReference;
  context.state.payments.set(payment.psp, payment);
  // Moto ("Mail-order and telephone-order transactions where the shopper is in contact with the merchant via email or
  // telephone", v71 PaymentRequest.shopperInteraction) is out of 3-D Secure's scope: no shopper at a browser to challenge.
  if (payment.card.challenge && body.shopperInteraction !== 'Moto') {
    const native = (body.authenticationData as { threeDSRequestData?: { nativeThreeDS?: string } } | undefined)
      ?.threeDSRequestData?.nativeThreeDS;
    if (native === 'disabled')
      return redirect(context, payment, 'threeds', { ...cardData(payment), 'threeds2.cardEnrolled': 'true' });
    return {
      status: 200,
      body: {
        pspReference: payment.psp,
        resultCode: 'ChallengeShopper',
        action: { paymentMethodType: 'scheme', type: 'threeDS2', subtype: 'challenge', token: token() },
      },
    };
  }
  return settle(context, payment, outcomeFor(holderName));
}

const methodType = (type: unknown): Payment['method'] =>
  type === 'paybybank' || type === 'applepay' || type === 'googlepay' ? type : 'scheme';

/** A wallet's token (the simulator's `test_<number>`): that test card, paid at once. */
function wallet(context: Context, body: Body, payment: Payment): Answer {
  const method = body.paymentMethod as Body;
  const number = decrypt(payment.method === 'applepay' ? method.applePayToken : method.googlePayToken);
  if (!number) return validation('101', 'Invalid card number');
  const { challenge, ...card } = cardFor(number);
  payment.card = { ...card, number, expiryMonth: '03', expiryYear: '2030' };
  if (body.storePaymentMethod === true && typeof body.shopperReference === 'string')
    payment.storeFor = body.shopperReference;
  context.state.payments.set(payment.psp, payment);
  // Google Pay's PAN_ONLY card (a 3-D Secure test card's token, see the header) is stepped up as the card typed in would be.
  if (challenge && payment.method === 'googlepay')
    return redirect(context, payment, 'threeds', { ...cardData(payment), 'threeds2.cardEnrolled': 'true' });
  return settle(context, payment, { resultCode: 'Authorised' });
}

function redirect(
  context: Context,
  payment: Payment,
  kind: 'threeds' | 'bank',
  additionalData: Record<string, string>,
): Answer {
  const id = token();
  context.state.redirects.set(id, { psp: payment.psp, kind });
  const url = `${context.baseUrl}/${kind}/${id}`;
  const paymentMethodType = kind === 'bank' ? 'paybybank' : 'scheme';
  const extra = Object.keys(additionalData).length ? { additionalData } : {};
  const psp = context.state.redirectsWithoutPspReference ? {} : { pspReference: payment.psp };
  return {
    status: 200,
    body: {
      ...extra,
      ...psp,
      resultCode: 'RedirectShopper',
      action: { paymentMethodType, url, method: 'GET', type: 'redirect' },
    },
  };
}

/** The shopper's decision at the 3-D Secure or bank page: the returnUrl with only redirectResult appended, or null when they leave. */
export function shopperDecides(
  context: Context,
  redirectUrl: string,
  decision: 'pass' | 'fail' | 'abandon',
): string | null {
  const id = new URL(redirectUrl).pathname.split('/').pop() ?? '';
  const pending = context.state.redirects.get(id);
  if (!pending) throw new Error(`the Adyen simulator issued no redirect ${redirectUrl}`);
  const payment = context.state.payments.get(pending.psp)!;
  if (decision === 'abandon') {
    // The redirect offer expires unanswered: Adyen then sends OFFER_CLOSED (docs.adyen.com/development-resources/webhooks/webhook-types).
    if (pending.kind === 'bank')
      context.notifications.add({
        eventCode: 'OFFER_CLOSED',
        success: true,
        pspReference: payment.psp,
        merchantReference: payment.reference,
        amount: payment.amount,
        paymentMethod: 'paybybank',
      });
    return null;
  }
  pending.decision = decision;
  pending.redirectResult ??= `${token()}${token()}`;
  context.state.byRedirectResult.set(pending.redirectResult, id);
  const url = new URL(payment.returnUrl ?? 'about:blank');
  url.searchParams.append('redirectResult', pending.redirectResult);
  return url.toString();
}

export function paymentDetails(context: Context, body: Body): Answer {
  const redirectResult = (body.details as Body | undefined)?.redirectResult;
  const id = typeof redirectResult === 'string' ? context.state.byRedirectResult.get(redirectResult) : undefined;
  const pending = id ? context.state.redirects.get(id) : undefined;
  if (!pending?.decision || pending.used) return validation('14_018', 'Invalid payload provided');
  pending.used = true;
  const payment = context.state.payments.get(pending.psp)!;
  if (pending.kind === 'bank')
    return settle(
      context,
      payment,
      pending.decision === 'pass'
        ? { resultCode: 'Authorised' }
        : { resultCode: 'Refused', refusalReason: 'Refused', refusalReasonCode: '2' },
    );
  return settle(context, payment, pending.decision === 'pass' ? outcomeFor(payment.card?.holderName) : threeDsRefusal);
}

export function cardDetails(body: Body): Answer {
  const number =
    decrypt(body.encryptedCardNumber) ??
    (typeof body.cardNumber === 'string' && /^\d{6,19}$/.test(body.cardNumber) ? body.cardNumber : null);
  if (!number) return validation('101', 'Invalid card number');
  const card = cardFor(number);
  return {
    status: 200,
    body: {
      brands: [{ type: card.brand, supported: true }],
      fundingSource: card.funding,
      isCardCommercial: card.commercial,
      issuingCountryCode: card.country,
    },
  };
}
