import { describe, expect, it } from 'vitest';
import { ProcessorError, type PaymentMethodInput } from '@/lib/payments/processor/port';
import { adyenWith } from './support/fake-adyen';

const method: PaymentMethodInput = {
  kind: 'adyen_encrypted',
  holderName: 'Alan Turing',
  fields: {
    encryptedCardNumber: 'adyenjs_0_1_25$encNumber',
    encryptedExpiryMonth: 'adyenjs_0_1_25$encMonth',
    encryptedExpiryYear: 'adyenjs_0_1_25$encYear',
    encryptedSecurityCode: 'adyenjs_0_1_25$encCvc',
    bin: '42123456',
    lastFour: '0006',
  },
};

describe('Adyen redirect payments whose first answer names no pspReference', () => {
  it('a challenge without pspReference has no reference (not ours in its place), and is finished under our reference', async () => {
    const { processor, done } = adyenWith('authorise-redirect-no-psp', 'payments-details-by-reference');
    const challenge = await processor.authorise({
      reference: 'txn_nopsp',
      amount: 9_900,
      currency: 'GBP',
      method,
      capture: false,
      storeCard: false,
      returnUrl: 'https://pay.example.com/pay/3ds/return',
      idempotencyKey: 'auth-txn_nopsp',
    });
    expect(challenge).toMatchObject({
      status: 'challenge',
      providerReference: null,
      redirectUrl: expect.stringContaining('threeDS/redirect'),
    });
    // The core passes what the payment was sent with: our reference (the finish's key) and the capture intent.
    const finished = await processor.finishChallenge({
      providerReference: null,
      reference: 'txn_nopsp',
      capture: false,
      payload: { redirectResult: 'Ab02b4c0!BQABAgA...' },
    });
    expect(finished).toMatchObject({
      status: 'authorised',
      providerReference: 'V4HZ4RBFJGXXGN82',
      captured: false,
      card: { brand: 'VISA', lastFour: '0006' },
    });
    done();
  });

  it("refuses a redirectResult whose answer is another payment's (an old tab of the same link)", async () => {
    const { processor, done } = adyenWith('payments-details-other-payment');
    const finishing = processor.finishChallenge({
      providerReference: 'JLCMPCQ8HXSKGK82',
      reference: 'txn_3ds',
      capture: true,
      payload: { redirectResult: 'Old0tab!BQABAgA...' },
    });
    await expect(finishing).rejects.toBeInstanceOf(ProcessorError);
    await expect(finishing).rejects.toThrow(/belongs to payment txn_old/);
    done();
  });

  it("Pay by Bank: a start without pspReference has none; the bank's redirectResult finishes it under our reference and names it", async () => {
    const { processor, done } = adyenWith('open-banking-start-no-psp', 'open-banking-details-authorised');
    const started = await processor.startOpenBanking({
      reference: 'txn_b2',
      amount: 150_000,
      currency: 'GBP',
      returnUrl: 'https://pay.example.com/pay/a1/return',
      idempotencyKey: 'txn_b2',
    });
    expect(started.providerReference).toBeNull();
    const finished = await processor.finishOpenBanking({
      providerReference: null,
      reference: 'txn_b2',
      payload: { redirectResult: 'bankOk...' },
    });
    expect(finished).toEqual({ status: 'authorised', providerReference: 'QX7K3M2N8P4R6T82' });
    done();
  });

  it('Pay by Bank without a redirectResult is pending, not a failure: Adyen cannot be asked', async () => {
    const { processor, done } = adyenWith();
    expect(await processor.finishOpenBanking({ providerReference: 'ZTDS9G3K5V6LQW82', reference: 'txn_a1' })).toEqual({
      status: 'pending',
    });
    expect(await processor.finishOpenBanking({ providerReference: null, reference: 'txn_a1', payload: {} })).toEqual({
      status: 'pending',
    });
    done();
  });
});
