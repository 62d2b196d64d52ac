import { describe, expect, it } from 'vitest';
import { browserInfoOf, cardPaymentRequest } from '@/lib/payments/processor/adyen/adyen-requests';
import type { PaymentMethodInput, Processor } from '@/lib/payments/processor/port';

type AuthoriseInput = Parameters<Processor['authorise']>[0];

const browser = {
  acceptHeader: 'text/html',
  colorDepth: 24,
  javaEnabled: false,
  language: 'en-GB',
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: -60,
  userAgent: 'Mozilla/5.0',
};
const method = (fields: Record<string, string> = {}): PaymentMethodInput => ({
  kind: 'adyen_encrypted',
  holderName: 'Ada Lovelace',
  fields: {
    encryptedCardNumber: 'enc$n',
    encryptedExpiryMonth: 'enc$m',
    encryptedExpiryYear: 'enc$y',
    encryptedSecurityCode: 'enc$c',
    ...fields,
  },
});
const input = (extra: Partial<AuthoriseInput> = {}): AuthoriseInput => ({
  reference: 'txn_1',
  amount: 12_345,
  currency: 'GBP',
  method: method({ browserInfo: JSON.stringify(browser) }),
  capture: true,
  storeCard: false,
  returnUrl: 'https://pay.example.com/abc/return',
  idempotencyKey: 'txn_1',
  shopper: { ip: '203.0.113.5', email: 'eve@example.com', origin: 'https://pay.example.com' },
  ...extra,
});

describe('the card payment request (v71 PaymentRequest)', () => {
  it('carries what Adyen recommends for frictionless 3-D Secure 2, with the redirect flow', () => {
    expect(cardPaymentRequest('TravelPayECOM', input())).toEqual({
      merchantAccount: 'TravelPayECOM',
      reference: 'txn_1',
      amount: { currency: 'GBP', value: 12_345 },
      paymentMethod: {
        type: 'scheme',
        encryptedCardNumber: 'enc$n',
        encryptedExpiryMonth: 'enc$m',
        encryptedExpiryYear: 'enc$y',
        encryptedSecurityCode: 'enc$c',
        holderName: 'Ada Lovelace',
      },
      returnUrl: 'https://pay.example.com/abc/return',
      channel: 'Web',
      shopperInteraction: 'Ecommerce',
      shopperEmail: 'eve@example.com',
      shopperIP: '203.0.113.5',
      origin: 'https://pay.example.com',
      browserInfo: browser,
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
      redirectToIssuerMethod: 'GET',
      redirectFromIssuerMethod: 'GET',
    });
  });

  it('leaves out what is not known: no email, IP or origin, no browserInfo', () => {
    const body = cardPaymentRequest('M', input({ shopper: undefined, method: method() }));
    for (const name of ['shopperEmail', 'shopperIP', 'origin', 'browserInfo', 'billingAddress'])
      expect(body).not.toHaveProperty(name);
    expect(body).toMatchObject({
      shopperInteraction: 'Ecommerce',
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
    });
  });

  it("sends MOTO as Moto with no 3-D Secure or redirect fields and no browser or IP data (the agent's, not the cardholder's)", () => {
    const body = cardPaymentRequest('M', input({ shopperInteraction: 'moto' }));
    expect(body).toMatchObject({
      shopperInteraction: 'Moto',
      shopperEmail: 'eve@example.com',
      returnUrl: 'https://pay.example.com/abc/return',
    });
    for (const name of [
      'authenticationData',
      'redirectToIssuerMethod',
      'redirectFromIssuerMethod',
      'browserInfo',
      'shopperIP',
      'origin',
      'threeDS2RequestData',
    ]) {
      expect(body, name).not.toHaveProperty(name);
    }
  });

  it('keeps the stored-card fields of an ecommerce payment that saves the card', () => {
    expect(cardPaymentRequest('M', input({ storeCard: true }))).toMatchObject({
      storePaymentMethod: true,
      shopperReference: 'tp-txn_1',
      recurringProcessingModel: 'UnscheduledCardOnFile',
      shopperInteraction: 'Ecommerce',
    });
  });
});

describe('browserInfoOf', () => {
  it("passes adyen-web's object with BrowserInfo's required fields, and only BrowserInfo's fields", () => {
    expect(browserInfoOf(JSON.stringify({ ...browser, javaScriptEnabled: true, extra: 'x' }))).toEqual({
      ...browser,
      javaScriptEnabled: true,
    });
  });

  it('leaves out, never throws on, text that is not JSON, not an object, or misses a required field', () => {
    expect(browserInfoOf(undefined)).toBeNull();
    expect(browserInfoOf('{not json')).toBeNull();
    expect(browserInfoOf('[1]')).toBeNull();
    expect(browserInfoOf(JSON.stringify({ ...browser, userAgent: undefined }))).toBeNull();
    expect(() => cardPaymentRequest('M', input({ method: method({ browserInfo: '{not json' }) }))).not.toThrow();
  });
});
