import { describe, expect, it } from 'vitest';
import { adyenWith } from './support/fake-adyen';

describe('Adyen capture, reversal and refund', () => {
  it('captures by the payment pspReference, the :manual suffix of a challenge stripped', async () => {
    const { processor, done } = adyenWith('capture');
    await processor.capture({ providerReference: 'JLCMPCQ8HXSKGK82:manual', amount: 9_900, currency: 'GBP', idempotencyKey: 'capture-txn_3ds' });
    done();
  });

  it('releases an authorisation with a reversal', async () => {
    const { processor, done } = adyenWith('reversal');
    await processor.reverse({ providerReference: 'JLCMPCQ8HXSKGK82', idempotencyKey: 'reverse-txn_3ds' });
    done();
  });

  it('refunds and answers the refund own pspReference', async () => {
    const { processor, done } = adyenWith('refund');
    expect(await processor.refund({ providerReference: 'NC6HT9CRT65ZGN82', amount: 2_345, currency: 'GBP', idempotencyKey: 'refund-9f3e' })).toEqual({
      providerReference: 'X6Z2JR9HPQDLJF82',
    });
    done();
  });

  it('throws a ProcessorError for a payment Adyen does not know', async () => {
    const { processor, done } = adyenWith('refund-unknown-payment');
    const attempt = processor.refund({ providerReference: 'UNKNOWNPSP000000', amount: 100, currency: 'GBP', idempotencyKey: 'refund-unknown' });
    await expect(attempt).rejects.toThrow(/422: 167 Original pspReference required/);
    done();
  });
});

describe('the recorded-exchange fake', () => {
  it('fails the test when a request differs from its recording', async () => {
    const { processor, done } = adyenWith('capture');
    await expect(processor.capture({ providerReference: 'JLCMPCQ8HXSKGK82', amount: 9_900, currency: 'GBP', idempotencyKey: 'another-key' })).rejects.toThrow();
    expect(done).toThrow(/deeply equal/);
  });
});
