import { describe, expect, it } from 'vitest';
import { cardVerificationRequest } from '@/lib/payments/processor/adyen/adyen-requests';
import { cardVerificationOf, finalCardVerification } from '@/lib/payments/processor/card-verification';
import { ProcessorError, type CardFacts } from '@/lib/payments/processor/port';

/* A card verification (port.ts verifyAndStoreCard): Adyen's zero-value /payments, and its answer read as a verification. */
const card: CardFacts = {
  brand: 'MASTER',
  bin: '55555555',
  lastFour: '4444',
  funding: 'debit',
  cardClass: 'consumer',
  issuingCountry: 'GB',
};

describe('card verification', () => {
  it('is the card payment request with amount 0, storing the card for its use, with nothing to capture', () => {
    const body = cardVerificationRequest('TravelPayECOM', {
      reference: 'cv-0123456789abcdef0123456789abcdef01234567',
      idempotencyKey: 'cv-0123456789abcdef0123456789abcdef01234567',
      currency: 'GBP',
      storedCardUse: 'scheduled',
      returnUrl: 'https://pay.example.com/x/member/card/return?v=1',
      method: { kind: 'adyen_encrypted', holderName: 'Ada', fields: { encryptedCardNumber: 'enc' } },
      shopper: { email: 'ada@example.com' },
    });
    expect(body).toMatchObject({
      merchantAccount: 'TravelPayECOM',
      amount: { currency: 'GBP', value: 0 },
      shopperInteraction: 'Ecommerce',
      storePaymentMethod: true,
      shopperReference: 'tp-cv-0123456789abcdef0123456789abcdef01234567',
      recurringProcessingModel: 'Subscription',
      shopperEmail: 'ada@example.com',
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'enc', holderName: 'Ada' },
    });
    expect(body).not.toHaveProperty('additionalData');
  });

  it('is verified only with a stored token; a refusal is declined; an answer that is not final is an error', () => {
    const base = { providerReference: 'PSP1', card, captured: false };
    expect(cardVerificationOf({ status: 'authorised', ...base, storedCardToken: 'tok' }, 'cv-1')).toEqual({
      status: 'verified',
      providerReference: 'PSP1',
      card,
      storedCardToken: 'tok',
    });
    expect(() => cardVerificationOf({ status: 'authorised', ...base }, 'cv-1')).toThrow(ProcessorError);
    expect(() => cardVerificationOf({ status: 'received', providerReference: 'PSP1' }, 'cv-1')).toThrow(ProcessorError);
    expect(cardVerificationOf({ status: 'declined', providerReference: 'PSP1', reason: 'declined' }, 'cv-1')).toEqual({
      status: 'declined',
      providerReference: 'PSP1',
      reason: 'declined',
    });
    const challenge = { status: 'challenge' as const, providerReference: null, redirectUrl: 'https://acs', card };
    expect(cardVerificationOf(challenge, 'cv-1')).toEqual(challenge);
    expect(() => finalCardVerification(challenge, 'cv-1')).toThrow(ProcessorError);
  });
});
