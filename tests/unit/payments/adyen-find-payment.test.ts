import { describe, expect, it } from 'vitest';
import { ProcessorOutcomeUnknown } from '@/lib/payments/processor/port';
import { adyenWith } from './support/fake-adyen';

/*
 * Adyen has no "get payment": the query replays the payment call under its
 * Idempotency-Key with no card data (see lib/payments/README.md). A stored
 * answer is the truth; a validation refusal means Adyen never had the key.
 */
describe('Adyen findPayment (idempotent replay)', () => {
  it('answers the stored first response: captured when it was sent for capture', async () => {
    const { processor, done } = adyenWith('find-payment-authorised');
    const found = await processor.findPayment({ reference: 'txn_8c2f41', idempotencyKey: 'txn_8c2f41', amount: 12_345, currency: 'GBP', capture: true, sentAt: new Date() });
    expect(found).toMatchObject({ status: 'captured', providerReference: 'NC6HT9CRT65ZGN82', amount: 12_345, currency: 'GBP', card: { brand: 'VISA', lastFour: '1111', issuingCountry: 'GB' } });
    done();
  });

  it('is not_found when Adyen processes the replay as new and refuses it: nothing was taken', async () => {
    const { processor, done } = adyenWith('find-payment-not-found');
    expect(await processor.findPayment({ reference: 'txn_lost', idempotencyKey: 'txn_lost', amount: 10_000, currency: 'GBP', capture: true, sentAt: new Date() })).toEqual({ status: 'not_found' });
    done();
  });

  it('cannot tell while the first request is still in progress (704)', async () => {
    const { processor, done } = adyenWith('find-payment-in-progress');
    await expect(processor.findPayment({ reference: 'txn_busy', idempotencyKey: 'txn_busy', amount: 10_000, currency: 'GBP', capture: true, sentAt: new Date() })).rejects.toBeInstanceOf(ProcessorOutcomeUnknown);
    done();
  });

  it('cannot tell a Pay by Bank outcome from the stored redirect: unknown, never nothing taken', async () => {
    const { processor, done } = adyenWith('find-payment-paybybank');
    await expect(processor.findPayment({ reference: 'txn_bank', idempotencyKey: 'txn_bank', amount: 25_000, currency: 'GBP', capture: true, sentAt: new Date() })).rejects.toBeInstanceOf(ProcessorOutcomeUnknown);
    done();
  });

  it('past the idempotency window it cannot tell, and never says not_found', async () => {
    const { processor, done } = adyenWith();
    const sentAt = new Date(Date.now() - 31 * 86_400_000);
    await expect(processor.findPayment({ reference: 'txn_old', idempotencyKey: 'txn_old', amount: 100, currency: 'GBP', capture: true, sentAt })).rejects.toBeInstanceOf(ProcessorOutcomeUnknown);
    done();
  });

  it('a 3-D Secure payment never finished is awaiting_shopper; a finished one answers its finish', async () => {
    const input = { reference: 'txn_3ds', idempotencyKey: 'txn_3ds', amount: 9_900, currency: 'GBP', capture: false, sentAt: new Date() };
    const unfinished = adyenWith('find-payment-redirect-shopper', 'find-payment-details-not-found');
    expect(await unfinished.processor.findPayment(input)).toEqual({ status: 'awaiting_shopper', providerReference: 'JLCMPCQ8HXSKGK82' });
    unfinished.done();
    const finished = adyenWith('find-payment-redirect-shopper', 'find-payment-details-authorised');
    expect(await finished.processor.findPayment(input)).toMatchObject({ status: 'authorised', providerReference: 'JLCMPCQ8HXSKGK82', card: { lastFour: '0006' } });
    finished.done();
  });
});
