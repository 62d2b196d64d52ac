import { describe, expect, it } from 'vitest';
import { ProcessorOutcomeUnknown } from '@/lib/payments/processor/port';
import { adyenWith } from './support/fake-adyen';

/*
 * Adyen documents no status query (lib/payments/README.md, "Adyen findPayment"):
 * the notification is the answer. The adapter must not replay /payments (or
 * /payments/details) under the payment's key with another body to learn an
 * outcome: adyenWith() with no fixtures fails the test on any call at all.
 */
const input = (overrides: Partial<Parameters<ReturnType<typeof adyenWith>['processor']['findPayment']>[0]> = {}) => ({
  reference: 'txn_8c2f41',
  idempotencyKey: 'txn_8c2f41',
  ...overrides,
});

describe('Adyen findPayment (no documented status query)', () => {
  it('answers unknown and sends nothing: no replay of /payments under the payment key', async () => {
    const { processor, done } = adyenWith();
    await expect(processor.findPayment(input())).rejects.toBeInstanceOf(ProcessorOutcomeUnknown);
    done();
  });

  it('never reads "nothing taken" (not_found) for any payment: only the processor\'s notification may say so', async () => {
    const { processor, done } = adyenWith();
    await expect(processor.findPayment(input({ reference: 'txn_old', idempotencyKey: 'txn_old' }))).rejects.toThrow(
      /AUTHORISATION or OFFER_CLOSED notification is the answer/,
    );
    await expect(
      processor.findPayment(input({ reference: 'txn_3ds', idempotencyKey: 'txn_3ds' })),
    ).rejects.toBeInstanceOf(ProcessorOutcomeUnknown);
    done();
  });
});
