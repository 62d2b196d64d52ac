import type { CardFacts, PaymentMethodInput } from '../port';
import { brandFromAdyen, cardFactsFromInput, fundingFromAdyen } from './adyen-card-facts';

export type CardDetailsResponse = {
  brands?: { type?: string; supported?: boolean }[];
  fundingSource?: string;
  isCardCommercial?: boolean;
  issuingCountryCode?: string;
};

/** POST /cardDetails body: adyen-web's encryptedCardNumber. */
export function cardDetailsRequest(merchantAccount: string, method: PaymentMethodInput) {
  if (method.kind === 'card') return null; // never sent: the adapter refuses raw numbers
  // A wallet token is no card number: v71 CardDetailsRequest takes only cardNumber or encryptedCardNumber, so a
  // wallet's facts are unknown before the payment (the card rules then fail closed: docs/checkout.md, Wallets).
  if (method.kind === 'adyen_wallet') return null;
  return method.fields.encryptedCardNumber
    ? { merchantAccount, encryptedCardNumber: method.fields.encryptedCardNumber }
    : null;
}

/**
 * Card facts from /cardDetails, before any authorisation. Its limits: it tells
 * brand, funding, commercial or not and issuing country, but not the BIN or
 * last four of an encrypted number (the page passes adyen-web's issuerBin and
 * endDigits as fields.bin and fields.lastFour), and the country or commercial
 * flag may be missing for some BINs: with no country, or no brand the product
 * knows, the answer is null (unknown) and the caller decides.
 */
export function cardFactsFromDetails(response: CardDetailsResponse, method: PaymentMethodInput): CardFacts | null {
  const brands = response.brands ?? [];
  // A co-badged card lists several brands; the first one we accept (and Adyen says is supported) is the one used.
  const brand = brands
    .filter((b) => b.supported !== false)
    .map((b) => brandFromAdyen(b.type))
    .find((b) => b !== null);
  if (!brand || !response.issuingCountryCode) return null;
  const known = cardFactsFromInput(method);
  return {
    brand,
    bin: known.bin ?? '',
    lastFour: known.lastFour ?? '',
    funding: fundingFromAdyen(response.fundingSource),
    cardClass: response.isCardCommercial ? 'commercial' : 'consumer',
    issuingCountry: response.issuingCountryCode.toUpperCase(),
    ...(known.expiryMonth ? { expiryMonth: known.expiryMonth } : {}),
    ...(known.expiryYear ? { expiryYear: known.expiryYear } : {}),
    ...(known.holderName ? { holderName: known.holderName } : {}),
  };
}
