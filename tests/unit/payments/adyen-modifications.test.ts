import { describe, expect, it } from 'vitest';
import { ProcessorOutcomeUnknown } from '@/lib/payments/processor';
import { adyenWith } from './support/fake-adyen';

// Adyen answers every modification `status: "received"` (Checkout v71 PaymentCaptureResource, PaymentReversalResource,
// PaymentRefundResource; the responses Adyen/adyen-node-api-library's modification.spec.ts records): the outcome comes later
// as a notification, so the adapter answers 'received', never 'done'.
describe('Adyen capture, reversal and refund', () => {
  it('captures by the payment pspReference, the :manual suffix of a challenge stripped: received, not done', async () => {
    const { processor, done } = adyenWith('capture');
    expect(
      await processor.capture({
        providerReference: 'JLCMPCQ8HXSKGK82:manual',
        amount: 9_900,
        currency: 'GBP',
        idempotencyKey: 'capture-txn_3ds',
      }),
    ).toEqual({
      status: 'received',
      providerReference: 'QJXQ3ZK2S8FRVB82',
    });
    done();
  });

  it('releases an authorisation with a reversal: received, settled later by CANCEL_OR_REFUND', async () => {
    const { processor, done } = adyenWith('reversal');
    expect(
      await processor.reverse({ providerReference: 'JLCMPCQ8HXSKGK82', idempotencyKey: 'reverse-txn_3ds' }),
    ).toEqual({
      status: 'received',
      providerReference: 'LFTS7GFXNZ8Z3M82',
    });
    done();
  });

  it('refunds and answers received with the refund own pspReference', async () => {
    const { processor, done } = adyenWith('refund');
    expect(
      await processor.refund({
        providerReference: 'NC6HT9CRT65ZGN82',
        amount: 2_345,
        currency: 'GBP',
        idempotencyKey: 'refund-9f3e',
      }),
    ).toEqual({
      status: 'received',
      providerReference: 'X6Z2JR9HPQDLJF82',
    });
    done();
  });

  it('takes a 2xx answer without status received and a pspReference for an unknown outcome, never for done', async () => {
    const { processor, done } = adyenWith('capture-unreadable');
    await expect(
      processor.capture({
        providerReference: 'JLCMPCQ8HXSKGK82',
        amount: 9_900,
        currency: 'GBP',
        idempotencyKey: 'capture-unreadable',
      }),
    ).rejects.toBeInstanceOf(ProcessorOutcomeUnknown);
    done();
  });

  it('throws a ProcessorError for a payment Adyen does not know', async () => {
    const { processor, done } = adyenWith('refund-unknown-payment');
    const attempt = processor.refund({
      providerReference: 'UNKNOWNPSP000000',
      amount: 100,
      currency: 'GBP',
      idempotencyKey: 'refund-unknown',
    });
    await expect(attempt).rejects.toThrow(/422: 167 Original pspReference required/);
    done();
  });
});

describe('the recorded-exchange fake', () => {
  it('fails the test when a request differs from its recording', async () => {
    const { processor, done } = adyenWith('capture');
    await expect(
      processor.capture({
        providerReference: 'JLCMPCQ8HXSKGK82',
        amount: 9_900,
        currency: 'GBP',
        idempotencyKey: 'another-key',
      }),
    ).rejects.toThrow();
    expect(done).toThrow(/deeply equal/);
  });
});
