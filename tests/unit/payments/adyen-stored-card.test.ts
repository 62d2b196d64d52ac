import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProcessorError, type StoredCardUse } from '@/lib/payments/processor/port';
import { decodeStoredCardToken, encodeStoredCardToken } from '@/lib/payments/processor/adyen/adyen-token';
import { adyenWith } from './support/fake-adyen';

const token = encodeStoredCardToken({ shopperReference: 'tp-txn_8c2f41', storedPaymentMethodId: 'M5N7TQ4TG5PFWR50' });
const charge = (reference: string, idempotencyKey: string, capture = true, use: StoredCardUse = 'scheduled') => ({
  token,
  reference,
  amount: 25_000,
  currency: 'GBP',
  capture,
  use,
  idempotencyKey,
});

// The stored-card request's returnUrl is the service's own address (required by /payments, never visited).
beforeEach(() => {
  vi.stubEnv('PUBLIC_BASE_URL', 'https://pay.example.com');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Adyen stored cards', () => {
  it("charges the token the first payment returned on an instalment's due date: ContAuth, Subscription, with a returnUrl", async () => {
    const { processor: first, done: firstDone } = adyenWith('authorise-store-card-authorised');
    const stored = await first.authorise({
      reference: 'txn_8c2f41',
      amount: 12_345,
      currency: 'GBP',
      capture: true,
      storeCard: true,
      returnUrl: 'https://pay.example.com/pay/6b1d/return',
      idempotencyKey: '3f1c2b9e-7d4a-4c1e-9a52-0b8e6f1d2a31',
      method: {
        kind: 'adyen_encrypted',
        holderName: 'Ada Lovelace',
        fields: {
          encryptedCardNumber: 'adyenjs_0_1_25$encNumber',
          encryptedExpiryMonth: 'adyenjs_0_1_25$encMonth',
          encryptedExpiryYear: 'adyenjs_0_1_25$encYear',
          encryptedSecurityCode: 'adyenjs_0_1_25$encCvc',
          browserInfo: JSON.stringify({
            userAgent: 'Mozilla/5.0',
            acceptHeader: 'text/html',
            language: 'en-GB',
            colorDepth: 24,
            screenHeight: 900,
            screenWidth: 1440,
            timeZoneOffset: 0,
            javaEnabled: false,
          }),
        },
      },
    });
    expect(stored.status === 'authorised' && stored.storedCardToken).toBe(token);
    firstDone();
    const { processor, done } = adyenWith('stored-card-charge-authorised');
    expect(await processor.chargeStoredCard(charge('sched_2f9d', 'instalment-2-of-grp_77'))).toMatchObject({
      status: 'authorised',
      providerReference: 'KHQC5N7G84BLNK43',
      captured: true,
      // Adyen's additionalData.isCardCommercial "true": a commercial card.
      card: { brand: 'VISA', lastFour: '1111', issuingCountry: 'GB', cardClass: 'commercial' },
    });
    done();
  });

  it('maps a refused unscheduled charge to a decline, and an Error result to a ProcessorError', async () => {
    const { processor, done } = adyenWith('stored-card-charge-refused', 'payments-result-error');
    expect(
      await processor.chargeStoredCard(charge('sched_3a01', 'instalment-3-of-grp_77', false, 'unscheduled')),
    ).toMatchObject({ status: 'declined', reason: 'declined' });
    await expect(
      processor.chargeStoredCard({ ...charge('sched_err', 'instalment-err', true, 'unscheduled'), amount: 100 }),
    ).rejects.toThrow(/Error for Q2W9E8R7T6Y5U482: Acquirer Error/);
    done();
  });

  it('answers Received as received: no outcome yet, not a failure', async () => {
    const { processor, done } = adyenWith('stored-card-charge-received');
    expect(await processor.chargeStoredCard(charge('sched_4b02', 'instalment-4-of-grp_77'))).toEqual({
      status: 'received',
      providerReference: 'VK9DRSLLRCQ2WN82',
    });
    done();
  });

  it('refuses a token it did not make before calling Adyen', async () => {
    const { processor, done } = adyenWith();
    for (const bad of [
      '',
      'sbx_tok_visa_gb_123',
      'adyen_tok_!!',
      `adyen_tok_${Buffer.from('["only-one"]').toString('base64url')}`,
    ]) {
      await expect(processor.chargeStoredCard({ ...charge('r', 'k'), token: bad })).rejects.toBeInstanceOf(
        ProcessorError,
      );
    }
    done();
    expect(decodeStoredCardToken(token)).toEqual({
      shopperReference: 'tp-txn_8c2f41',
      storedPaymentMethodId: 'M5N7TQ4TG5PFWR50',
    });
  });
});
