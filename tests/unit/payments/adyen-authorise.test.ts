import { describe, expect, it } from 'vitest';
import { ProcessorError, type PaymentMethodInput } from '@/lib/payments/processor/port';
import { adyenWith } from './support/fake-adyen';

const encrypted = (holderName: string, extra: Record<string, string> = {}): PaymentMethodInput => ({
  kind: 'adyen_encrypted',
  holderName,
  fields: {
    encryptedCardNumber: 'adyenjs_0_1_25$encNumber',
    encryptedExpiryMonth: 'adyenjs_0_1_25$encMonth',
    encryptedExpiryYear: 'adyenjs_0_1_25$encYear',
    encryptedSecurityCode: 'adyenjs_0_1_25$encCvc',
    bin: '41111111',
    lastFour: '1111',
    ...extra,
  },
});
const browserInfo = JSON.stringify({
  userAgent: 'Mozilla/5.0',
  acceptHeader: 'text/html',
  language: 'en-GB',
  colorDepth: 24,
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: 0,
  javaEnabled: false,
});

describe('Adyen authorise', () => {
  it('authorises and stores a card for unscheduled card-on-file charges', async () => {
    const { processor, done } = adyenWith('authorise-store-card-authorised');
    const result = await processor.authorise({
      reference: 'txn_8c2f41',
      amount: 12_345,
      currency: 'GBP',
      method: encrypted('Ada Lovelace', { browserInfo }),
      capture: true,
      storeCard: true,
      returnUrl: 'https://pay.example.com/pay/6b1d/return',
      idempotencyKey: '3f1c2b9e-7d4a-4c1e-9a52-0b8e6f1d2a31',
    });
    expect(result).toEqual({
      status: 'authorised',
      providerReference: 'NC6HT9CRT65ZGN82',
      captured: true,
      card: {
        brand: 'VISA',
        bin: '41111111',
        lastFour: '1111',
        funding: 'credit',
        cardClass: 'consumer',
        issuingCountry: 'GB',
        expiryMonth: 3,
        expiryYear: 2030,
        holderName: 'Ada Lovelace',
      },
      storedCardToken: expect.stringMatching(/^adyen_tok_/),
    });
    done();
  });

  it('holds the amount with manual capture and maps a refusal reason', async () => {
    const { processor, done } = adyenWith('authorise-preauth-refused');
    const result = await processor.authorise({
      reference: 'txn_51aa',
      amount: 50_000,
      currency: 'EUR',
      method: encrypted('Grace Hopper', { bin: '40000000', lastFour: '0002' }),
      capture: false,
      storeCard: false,
      returnUrl: 'https://pay.example.com/pay/51aa/return',
      idempotencyKey: 'auth-txn_51aa',
    });
    expect(result).toMatchObject({
      status: 'declined',
      providerReference: 'QFQTPCQ8HXSKGK82',
      reason: 'insufficient_funds',
      card: { brand: 'VISA', issuingCountry: 'FR', funding: 'debit', bin: '400000' },
    });
    done();
  });

  it('turns RedirectShopper into a challenge, and finishes it with the redirectResult', async () => {
    const { processor, done } = adyenWith('authorise-redirect-shopper', 'payments-details-authorised');
    const method = encrypted('Alan Turing', { bin: '42123456', lastFour: '0006' });
    const challenge = await processor.authorise({
      reference: 'txn_3ds',
      amount: 9_900,
      currency: 'GBP',
      method,
      capture: false,
      storeCard: false,
      returnUrl: 'https://pay.example.com/pay/3ds/return',
      idempotencyKey: 'auth-txn_3ds',
    });
    expect(challenge).toMatchObject({
      status: 'challenge',
      providerReference: 'JLCMPCQ8HXSKGK82:manual',
      redirectUrl: 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=M2RzMmNoYWxsZW5nZQ',
      card: { brand: 'VISA', bin: '42123456', lastFour: '0006', issuingCountry: 'GB', holderName: 'Alan Turing' },
    });
    const finished = await processor.finishChallenge({
      providerReference: challenge.providerReference,
      payload: { redirectResult: 'X6XtfGC3!Y...' },
    });
    expect(finished).toMatchObject({
      status: 'authorised',
      providerReference: 'JLCMPCQ8HXSKGK82',
      captured: false,
      card: { brand: 'VISA', lastFour: '0006' },
    });
    expect(finished).not.toHaveProperty('storedCardToken');
    done();
  });

  it('declines a failed challenge with 3ds_failed, and needs the redirectResult', async () => {
    const { processor, done } = adyenWith('payments-details-3ds-failed');
    await expect(
      processor.finishChallenge({ providerReference: 'JLCMPCQ8HXSKGK82', payload: {} }),
    ).rejects.toBeInstanceOf(ProcessorError);
    const finished = await processor.finishChallenge({
      providerReference: 'JLCMPCQ8HXSKGK82',
      payload: { redirectResult: 'Z9failed...' },
    });
    expect(finished).toMatchObject({ status: 'declined', reason: '3ds_failed', providerReference: 'JLCMPCQ8HXSKGK82' });
    done();
  });

  it('turns an HTTP error into a ProcessorError carrying Adyen code and message', async () => {
    const { processor, done } = adyenWith('payments-validation-error');
    const attempt = processor.authorise({
      reference: 'txn_bad',
      amount: 100,
      currency: 'GBP',
      method: { kind: 'adyen_encrypted', holderName: 'Nobody', fields: {} },
      capture: true,
      storeCard: false,
      returnUrl: 'https://pay.example.com/return',
      idempotencyKey: 'auth-bad',
    });
    await expect(attempt).rejects.toThrow(/422: 14_006 Required object 'paymentMethod' is not provided/);
    done();
  });

  it('refuses a raw card number before calling Adyen: only the sandbox takes them', async () => {
    const { processor, done } = adyenWith();
    const raw: PaymentMethodInput = {
      kind: 'card',
      number: '4111 1111 1111 1111',
      expiryMonth: 3,
      expiryYear: 30,
      cvc: '737',
      holderName: 'Alan Turing',
    };
    const attempt = processor.authorise({
      reference: 'txn_raw',
      amount: 100,
      currency: 'GBP',
      method: raw,
      capture: true,
      storeCard: false,
      returnUrl: 'https://pay.example.com/r',
      idempotencyKey: 'raw',
    });
    await expect(attempt).rejects.toThrow(/raw card numbers are accepted only by the sandbox/);
    await expect(attempt).rejects.toBeInstanceOf(ProcessorError);
    await expect(processor.lookupCard(raw)).rejects.toBeInstanceOf(ProcessorError);
    done();
  });
});
