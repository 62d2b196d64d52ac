import type { CardBrand, CardFacts, PaymentMethodInput } from '../port';

/**
 * Adyen brand variants (paymentMethod.brand, additionalData.paymentMethod,
 * cardDetails brands[].type) folded onto the three brands the product knows.
 */
const brandFamilies: [RegExp, CardBrand][] = [
  [/^(visa|electron|vpay)/, 'VISA'],
  [/^(mc|maestro|mastercard)/, 'MASTER'],
  [/^amex/, 'AMEX'],
];

export function brandFromAdyen(type: string | undefined): CardBrand | null {
  const name = (type ?? '').toLowerCase();
  return brandFamilies.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

/** DEBIT and every PREPAID variant count as debit (paid from the cardholder's own funds); CREDIT and CHARGE as credit. */
export function fundingFromAdyen(source: string | undefined): CardFacts['funding'] {
  return /^(DEBIT|PREPAID|DEFERRED_DEBIT)/i.test(source ?? '') ? 'debit' : 'credit';
}

/**
 * additionalData.isCardCommercial (v71 ResponseAdditionalDataCommon, a string:
 * "true", "false", or "unknown" as in the spec's own example) as the card's
 * class; null when Adyen does not know, so what was known before stands.
 * (/cardDetails answers the same fact as a boolean: adyen-card-lookup.ts.)
 */
export function cardClassFromAdyen(isCardCommercial: string | undefined): CardFacts['cardClass'] | null {
  if (isCardCommercial === 'true') return 'commercial';
  return isCardCommercial === 'false' ? 'consumer' : null;
}

/** What the request itself tells about the card, to fill what Adyen's answer leaves out. */
export function cardFactsFromInput(method: PaymentMethodInput): Partial<CardFacts> {
  if (method.kind === 'card') {
    const digits = method.number.replace(/[\s-]+/g, '');
    return {
      bin: digits.slice(0, 8),
      lastFour: digits.slice(-4),
      expiryMonth: method.expiryMonth,
      expiryYear: method.expiryYear,
      holderName: method.holderName,
    };
  }
  // A wallet's token hides the card: Adyen's answer to the payment is the only source of its facts.
  if (method.kind === 'adyen_wallet') return {};
  // From adyen-web's onBinLookup / onFieldValid (issuerBin, endDigits): not secret, sent beside the encrypted fields.
  return { bin: method.fields.bin ?? '', lastFour: method.fields.lastFour ?? '', holderName: method.holderName };
}

/**
 * Card facts from a /payments or /payments/details answer. Its additionalData
 * carries them once "Card bin details", "Card summary" and "Expiry date" are
 * switched on (Customer Area > Developers > Additional data). A payment is
 * never failed for want of a fact after Adyen authorised it: a missing brand
 * is read from the BIN, a missing country is left empty.
 */
export function cardFactsFromPayment(
  additional: Record<string, string> | undefined,
  responseBrand: string | undefined,
  fallback: Partial<CardFacts>,
): CardFacts {
  const data = additional ?? {};
  const bin = data.issuerBin ?? data.cardBin ?? fallback.bin ?? '';
  const [month, year] = (data.expiryDate ?? '').split('/').map(Number);
  const facts: CardFacts = {
    brand:
      brandFromAdyen(responseBrand ?? data.paymentMethod ?? data.cardPaymentMethod) ??
      fallback.brand ??
      brandFromBin(bin),
    bin,
    lastFour: data.cardSummary ?? fallback.lastFour ?? '',
    funding: data.fundingSource ? fundingFromAdyen(data.fundingSource) : (fallback.funding ?? 'credit'),
    cardClass: cardClassFromAdyen(data.isCardCommercial) ?? fallback.cardClass ?? 'consumer',
    issuingCountry: data.cardIssuingCountry ?? data.issuerCountry ?? fallback.issuingCountry ?? '',
  };
  const expiryMonth = month || fallback.expiryMonth;
  const expiryYear = year || fallback.expiryYear;
  const holderName = data.cardHolderName ?? fallback.holderName;
  return {
    ...facts,
    ...(expiryMonth ? { expiryMonth } : {}),
    ...(expiryYear ? { expiryYear } : {}),
    ...(holderName ? { holderName } : {}),
  };
}

function brandFromBin(bin: string): CardBrand {
  if (/^3[47]/.test(bin)) return 'AMEX';
  if (/^(5[1-5]|2[2-7])/.test(bin)) return 'MASTER';
  return 'VISA';
}
