import { describe, expect, it } from 'vitest';
import type { PaymentMethodInput } from '@/lib/payments/processor/port';
import { storedCardUseOf } from '@/lib/core/payments/stored-card-use';
import { cardFactsFromPayment } from '@/lib/payments/processor/adyen/adyen-card-facts';
import { cardPaymentRequest } from '@/lib/payments/processor/adyen/adyen-requests';
import { mapPaymentResponse } from '@/lib/payments/processor/adyen/adyen-results';
import { adyenWith } from './support/fake-adyen';

const context = { reference: 'txn_r1', capture: true, storeCard: false, fallback: {} };

describe('Adyen Received and Pending', () => {
  it('are received (decided later), never a failure', () => {
    for (const resultCode of ['Received', 'Pending']) {
      expect(
        mapPaymentResponse({ resultCode, pspReference: 'VK9DRSLLRCQ2WN82', merchantReference: 'txn_r1' }, context),
      ).toEqual({ status: 'received', providerReference: 'VK9DRSLLRCQ2WN82' });
    }
    // Adyen's own recorded Received answer (adyen-node-api-library src/__mocks__/checkout/paymentsResultMultibancoSuccess.ts).
    const multibanco = {
      additionalData: { paymentMethod: 'multibanco', 'comprafacil.reference': '123 123 123' },
      pspReference: '8111111111111111',
      resultCode: 'Received',
    };
    expect(mapPaymentResponse(multibanco, context)).toEqual({
      status: 'received',
      providerReference: '8111111111111111',
    });
  });

  it('a 3-D Secure return answered Pending is received too', async () => {
    const { processor, done } = adyenWith('payments-details-pending');
    expect(
      await processor.finishChallenge({
        providerReference: 'JLCMPCQ8HXSKGK82',
        payload: { redirectResult: 'X6XtfGC3!Y...' },
      }),
    ).toEqual({ status: 'received', providerReference: 'JLCMPCQ8HXSKGK82' });
    done();
  });
});

describe('Adyen card class', () => {
  const facts = (additional: Record<string, string>, fallback = {}) =>
    cardFactsFromPayment(
      { cardSummary: '1111', issuerBin: '55555555', cardIssuingCountry: 'GB', ...additional },
      'mc',
      fallback,
    );

  it('reads additionalData.isCardCommercial, the key v71 defines (ResponseAdditionalDataCommon)', () => {
    expect(facts({ isCardCommercial: 'true' }).cardClass).toBe('commercial');
    expect(facts({ isCardCommercial: 'false' }, { cardClass: 'commercial' }).cardClass).toBe('consumer');
  });

  it('keeps what was known when Adyen does not know, and ignores a key Adyen never sends', () => {
    expect(facts({ isCardCommercial: 'unknown' }, { cardClass: 'commercial' }).cardClass).toBe('commercial');
    expect(facts({ isCardCommercial: 'unknown' }).cardClass).toBe('consumer');
    expect(facts({ cardSchemeCommercial: 'true' }).cardClass).toBe('consumer');
  });
});

describe('Adyen first payment that stores a card', () => {
  const method: PaymentMethodInput = {
    kind: 'adyen_encrypted',
    holderName: 'Ada Lovelace',
    fields: { encryptedCardNumber: 'adyenjs_0_1_25$encNumber' },
  };
  const input = {
    reference: 'txn_9',
    amount: 5_000,
    currency: 'GBP',
    method,
    capture: true,
    returnUrl: 'https://pay.example.com/r',
    idempotencyKey: 'txn_9',
  };

  it('is Ecommerce with storePaymentMethod, under Subscription when the card is for instalments on their due dates', () => {
    expect(
      cardPaymentRequest('TravelPayECOM', { ...input, storeCard: true, storedCardUse: 'scheduled' }),
    ).toMatchObject({
      shopperInteraction: 'Ecommerce',
      storePaymentMethod: true,
      shopperReference: 'tp-txn_9',
      recurringProcessingModel: 'Subscription',
    });
  });

  it('is UnscheduledCardOnFile for a card the merchant charges when it chooses, and names no model when nothing is stored', () => {
    expect(
      cardPaymentRequest('TravelPayECOM', { ...input, storeCard: true, storedCardUse: 'unscheduled' }),
    ).toMatchObject({ recurringProcessingModel: 'UnscheduledCardOnFile' });
    expect(cardPaymentRequest('TravelPayECOM', { ...input, storeCard: true })).toMatchObject({
      recurringProcessingModel: 'UnscheduledCardOnFile',
    });
    const plain = cardPaymentRequest('TravelPayECOM', { ...input, storeCard: false, storedCardUse: 'scheduled' });
    expect(plain).not.toHaveProperty('recurringProcessingModel');
    expect(plain).not.toHaveProperty('storePaymentMethod');
  });

  it("is for instalments only on a group member's link where the member ticked it themselves (as automatic collection starts)", () => {
    const options = { store_card_forced: false, hide_store_card: false };
    expect(storedCardUseOf({ groupMemberId: 'm1', options })).toBe('scheduled');
    expect(storedCardUseOf({ groupMemberId: 'm1', options: { ...options, store_card_forced: true } })).toBe(
      'unscheduled',
    );
    expect(storedCardUseOf({ groupMemberId: null, options })).toBe('unscheduled');
  });
});
