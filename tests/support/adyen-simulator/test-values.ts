/**
 * What the simulator's "issuer" knows: Adyen's documented test values, as its test platform reads them.
 *
 * - Encrypted fields: Adyen's test platform accepts unencrypted test values with the prefix `test_`
 *   in place of adyen-web's encrypted fields ("Payment with encrypted card details",
 *   docs.adyen.com/development-resources/testing/payments-and-modifications: encryptedCardNumber
 *   "test_5555555555554444", encryptedExpiryMonth "test_03", encryptedExpiryYear "test_2030",
 *   encryptedSecurityCode "test_737"). The simulator reads only those; any other value cannot be
 *   decrypted here and is refused with 422 errorCode "101" "Invalid card number" (docs.adyen.com/
 *   development-resources/error-codes).
 * - Cards: a few of docs.adyen.com/development-resources/testing/test-card-numbers (brand variant as Adyen
 *   names it in additionalData.paymentMethod / cardDetails brands[].type, issuing country, funding source,
 *   commercial or not). The 3-D Secure 2 cards (4917 6100 0000 0000 Visa, 5454 5454 5454 5454 Mastercard,
 *   3714 4963 5398 431 Amex) always ask for a challenge: the simulator answers them RedirectShopper.
 *   A number not in the table is answered as a consumer credit card of its BIN's brand issued in NL.
 * - Outcomes by holderName: "Values for testing refusal reasons" (docs.adyen.com/development-resources/
 *   testing/result-codes): holderName DECLINED, CARD_EXPIRED, NOT_ENOUGH_BALANCE... give resultCode
 *   Refused (or Error) with that refusalReason and refusalReasonCode; PENDING gives resultCode Received
 *   (code 13). refusalReason texts per docs.adyen.com/development-resources/refusal-reasons.
 *   Adyen documents no holderName for resultCode Pending on cards: the simulator's own value
 *   "SIM_PENDING" gives it (Pending is what Adyen answers when the final status cannot be obtained).
 * - Failed modifications: holderName "capture failed" / "refund failed" on the payment make its later
 *   capture / refund fail after Adyen accepted it ("Test failed modifications",
 *   docs.adyen.com/development-resources/testing/result-code-testing/testing-with-card-holder-name):
 *   the modification answers 201 received, its CAPTURE / REFUND notification is success "true", then a
 *   CAPTURE_FAILED / REFUND_FAILED notification follows.
 */
export type TestCard = {
  brand: string;
  country: string;
  funding: 'CREDIT' | 'DEBIT' | 'PREPAID';
  commercial: boolean;
  challenge?: true;
};

export const testCards: Record<string, TestCard> = {
  '4111111111111111': { brand: 'visa', country: 'NL', funding: 'CREDIT', commercial: false },
  '4111111145551142': { brand: 'visa', country: 'NL', funding: 'CREDIT', commercial: false },
  '4444333322221111': { brand: 'visa', country: 'GB', funding: 'CREDIT', commercial: true },
  '4000620000000007': { brand: 'visa', country: 'US', funding: 'CREDIT', commercial: true },
  '4000060000000006': { brand: 'visa', country: 'US', funding: 'DEBIT', commercial: true },
  '4988438843884305': { brand: 'visa', country: 'ES', funding: 'CREDIT', commercial: false },
  '4917610000000000': { brand: 'visa', country: 'GB', funding: 'CREDIT', commercial: false, challenge: true },
  '5555444433331111': { brand: 'mc', country: 'GB', funding: 'CREDIT', commercial: false },
  '5555555555554444': { brand: 'mc', country: 'GB', funding: 'CREDIT', commercial: false },
  '5577000055770004': { brand: 'mc', country: 'PL', funding: 'CREDIT', commercial: false },
  '2222400070000005': { brand: 'mc', country: 'US', funding: 'DEBIT', commercial: true },
  '5454545454545454': { brand: 'mc', country: 'PL', funding: 'CREDIT', commercial: false, challenge: true },
  '370000000000002': { brand: 'amex', country: 'NL', funding: 'CREDIT', commercial: false },
  '371449635398431': { brand: 'amex', country: 'US', funding: 'CREDIT', commercial: false, challenge: true },
};

/** The card of a full number, or of a BIN / number prefix (what /cardDetails may be sent as cardNumber). */
export function cardFor(number: string): TestCard {
  const known =
    testCards[number] ??
    (number.length < 15 ? Object.entries(testCards).find(([key]) => key.startsWith(number))?.[1] : undefined);
  if (known) return known;
  const brand = /^3[47]/.test(number) ? 'amex' : /^(5[1-5]|2[2-7])/.test(number) ? 'mc' : 'visa';
  return { brand, country: 'NL', funding: 'CREDIT', commercial: false };
}

/** Adyen's documented test value for an encrypted field ("test_" + the plain value), or null when it is not one. */
export const decrypt = (value: unknown): string | null =>
  typeof value === 'string' && /^test_\d+$/.test(value) ? value.slice(5) : null;

export type Outcome = {
  resultCode: 'Authorised' | 'Refused' | 'Error' | 'Received' | 'Pending';
  refusalReason?: string;
  refusalReasonCode?: string;
};

/** holderName → outcome, from "Values for testing refusal reasons" (codes and reasons per the refusal-reasons page). */
const byHolderName: Record<string, Outcome> = {
  UNKNOWN: { resultCode: 'Error', refusalReason: 'Unknown', refusalReasonCode: '0' },
  APPROVED: { resultCode: 'Authorised' },
  DECLINED: { resultCode: 'Refused', refusalReason: 'Refused', refusalReasonCode: '2' },
  REFERRAL: { resultCode: 'Refused', refusalReason: 'Referral', refusalReasonCode: '3' },
  ERROR: { resultCode: 'Error', refusalReason: 'Acquirer Error', refusalReasonCode: '4' },
  BLOCK_CARD: { resultCode: 'Refused', refusalReason: 'Blocked Card', refusalReasonCode: '5' },
  CARD_EXPIRED: { resultCode: 'Refused', refusalReason: 'Expired Card', refusalReasonCode: '6' },
  INVALID_AMOUNT: { resultCode: 'Refused', refusalReason: 'Invalid Amount', refusalReasonCode: '7' },
  INVALID_CARD_NUMBER: { resultCode: 'Refused', refusalReason: 'Invalid Card Number', refusalReasonCode: '8' },
  ISSUER_UNAVAILABLE: { resultCode: 'Refused', refusalReason: 'Issuer Unavailable', refusalReasonCode: '9' },
  NOT_SUPPORTED: { resultCode: 'Refused', refusalReason: 'Not supported', refusalReasonCode: '10' },
  NOT_3D_AUTHENTICATED: { resultCode: 'Refused', refusalReason: '3D Not Authenticated', refusalReasonCode: '11' },
  NOT_ENOUGH_BALANCE: { resultCode: 'Refused', refusalReason: 'Not enough balance', refusalReasonCode: '12' },
  PENDING: { resultCode: 'Received' },
  ACQUIRER_FRAUD: { resultCode: 'Refused', refusalReason: 'Acquirer Fraud', refusalReasonCode: '14' },
  CANCELLED: { resultCode: 'Refused', refusalReason: 'Cancelled', refusalReasonCode: '15' },
  SHOPPER_CANCELLED: { resultCode: 'Refused', refusalReason: 'Shopper Cancelled', refusalReasonCode: '16' },
  CVC_DECLINED: { resultCode: 'Refused', refusalReason: 'CVC Declined', refusalReasonCode: '24' },
  FRAUD: { resultCode: 'Refused', refusalReason: 'FRAUD', refusalReasonCode: '20' },
  SIM_PENDING: { resultCode: 'Pending' },
};

export const outcomeFor = (holderName: unknown): Outcome =>
  byHolderName[
    String(holderName ?? '')
      .trim()
      .toUpperCase()
  ] ?? { resultCode: 'Authorised' };

/** holderName values that make a later modification fail (see the header). */
export const failingModification = (holderName: unknown): 'CAPTURE' | 'REFUND' | null => {
  const name = String(holderName ?? '')
    .trim()
    .toLowerCase();
  return name === 'capture failed' ? 'CAPTURE' : name === 'refund failed' ? 'REFUND' : null;
};

/** The 3-D Secure refusal: docs.adyen.com/development-resources/refusal-reasons, code 11. */
export const threeDsRefusal: Outcome = {
  resultCode: 'Refused',
  refusalReason: '3D Not Authenticated',
  refusalReasonCode: '11',
};
