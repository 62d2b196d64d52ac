import { describe, expect, it } from 'vitest';
import {
  adyenHmacSignature,
  isValidAdyenSignature,
  signingString,
} from '@/lib/core/processor-notifications/adyen-hmac';

/**
 * Adyen's documented example (docs.adyen.com "Verify HMAC signatures"; the same
 * values are in Adyen's own libraries' tests): this key and item sign to this signature.
 */
const KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const ITEM = {
  additionalData: { hmacSignature: 'coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=' },
  amount: { value: 1130, currency: 'EUR' },
  pspReference: '7914073381342284',
  eventCode: 'AUTHORISATION',
  eventDate: '2019-05-06T17:15:34.121+02:00',
  merchantAccountCode: 'TestMerchant',
  operations: ['CANCEL', 'CAPTURE', 'REFUND'],
  merchantReference: 'TestPayment-1407325143704',
  paymentMethod: 'visa',
  success: 'true',
};

describe('Adyen notification HMAC', () => {
  it('builds the documented signing string (a missing originalReference is empty)', () => {
    expect(signingString(ITEM)).toBe(
      '7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true',
    );
  });

  it("signs Adyen's example to Adyen's signature and verifies it", () => {
    expect(adyenHmacSignature(ITEM, KEY)).toBe('coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=');
    expect(isValidAdyenSignature(ITEM, ITEM.additionalData.hmacSignature, KEY)).toBe(true);
    expect(isValidAdyenSignature(ITEM, ITEM.additionalData.hmacSignature, KEY.toLowerCase())).toBe(true);
  });

  it('refuses a changed field, another key, a missing signature and a key that is not hex', () => {
    expect(
      isValidAdyenSignature(
        { ...ITEM, amount: { value: 1131, currency: 'EUR' } },
        ITEM.additionalData.hmacSignature,
        KEY,
      ),
    ).toBe(false);
    expect(isValidAdyenSignature({ ...ITEM, success: 'false' }, ITEM.additionalData.hmacSignature, KEY)).toBe(false);
    expect(isValidAdyenSignature(ITEM, ITEM.additionalData.hmacSignature, KEY.replace('4', '5'))).toBe(false);
    expect(isValidAdyenSignature(ITEM, undefined, KEY)).toBe(false);
    expect(isValidAdyenSignature(ITEM, ITEM.additionalData.hmacSignature, 'not-hex')).toBe(false);
    expect(isValidAdyenSignature(ITEM, ITEM.additionalData.hmacSignature, '')).toBe(false);
  });

  it('signs and checks an item without an amount (an empty value and currency) without throwing', () => {
    const noAmount = { ...ITEM, amount: undefined };
    expect(signingString(noAmount)).toBe(
      '7914073381342284::TestMerchant:TestPayment-1407325143704:::AUTHORISATION:true',
    );
    const signature = adyenHmacSignature(noAmount, KEY);
    expect(isValidAdyenSignature(noAmount, signature, KEY)).toBe(true);
    expect(isValidAdyenSignature(ITEM, signature, KEY)).toBe(false);
  });
});
