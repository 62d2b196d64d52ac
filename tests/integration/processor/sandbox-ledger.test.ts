import { describe, expect, it } from 'vitest';
import { ProcessorError } from '@/lib/payments/processor';
import { withTestDatabase } from '../support/test-database';
import { authorised, card, key, ledgerRows, pay, sandbox } from './sandbox-helpers';

withTestDatabase();

const visa = card('4111 1111 1111 1111');

describe('idempotency', () => {
  it('answers the same key twice with the first answer and one ledger row', async () => {
    const processor = await sandbox();
    const idempotencyKey = key('twice');
    const first = await processor.authorise(pay(visa, { idempotencyKey, storeCard: true }));
    const second = await processor.authorise(pay(visa, { idempotencyKey, storeCard: true }));
    expect(second).toEqual(first);
    expect(await ledgerRows(idempotencyKey)).toHaveLength(1);
  });

  it('settles two concurrent calls with the same key on one charge', async () => {
    const processor = await sandbox();
    const idempotencyKey = key('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => processor.authorise(pay(visa, { idempotencyKey }))),
    );
    expect(new Set(results.map((r) => r.providerReference)).size).toBe(1);
    expect(await ledgerRows(idempotencyKey)).toHaveLength(1);
  });

  it('answers a retried stored-card charge, capture and refund from the ledger', async () => {
    const processor = await sandbox();
    const token = authorised(await processor.authorise(pay(visa, { storeCard: true }))).storedCardToken!;
    const chargeKey = key('charge');
    const charge = {
      token,
      reference: 'i-1',
      amount: 700,
      currency: 'GBP',
      capture: false,
      use: 'scheduled' as const,
      idempotencyKey: chargeKey,
    };
    const [a, b] = await Promise.all([processor.chargeStoredCard(charge), processor.chargeStoredCard(charge)]);
    expect(b).toEqual(a);
    expect(await ledgerRows(chargeKey)).toHaveLength(1);
    const captureKey = key('capture');
    const capture = {
      providerReference: a.providerReference,
      amount: 700,
      currency: 'GBP',
      idempotencyKey: captureKey,
    };
    await Promise.all([processor.capture(capture), processor.capture(capture)]);
    await processor.capture(capture);
    expect(await ledgerRows(captureKey)).toHaveLength(1);
    const refundKey = key('refund');
    const refund = { providerReference: a.providerReference, amount: 700, currency: 'GBP', idempotencyKey: refundKey };
    const refunds = await Promise.all([processor.refund(refund), processor.refund(refund)]);
    expect(refunds[1]).toEqual(refunds[0]);
    expect(await ledgerRows(refundKey)).toHaveLength(1);
  });

  it('refuses a key reused for another operation', async () => {
    const processor = await sandbox();
    const idempotencyKey = key('reused');
    const payment = await processor.authorise(pay(visa, { idempotencyKey, capture: false }));
    await expect(
      processor.capture({
        providerReference: payment.providerReference,
        amount: 10_000,
        currency: 'GBP',
        idempotencyKey,
      }),
    ).rejects.toThrow(/already used/);
  });
});

describe('capture, reverse and refund', () => {
  const held = async () => (await sandbox()).authorise(pay(visa, { capture: false }));

  it('captures a held payment once, up to its amount', async () => {
    const processor = await sandbox();
    const { providerReference } = await held();
    await expect(
      processor.capture({ providerReference, amount: 10_001, currency: 'GBP', idempotencyKey: key('c') }),
    ).rejects.toBeInstanceOf(ProcessorError);
    await expect(
      processor.capture({ providerReference, amount: 10_000, currency: 'EUR', idempotencyKey: key('c') }),
    ).rejects.toBeInstanceOf(ProcessorError);
    await processor.capture({ providerReference, amount: 10_000, currency: 'GBP', idempotencyKey: key('c') });
    await expect(
      processor.capture({ providerReference, amount: 10_000, currency: 'GBP', idempotencyKey: key('c') }),
    ).rejects.toThrow(/already captured/);
    await expect(processor.reverse({ providerReference, idempotencyKey: key('r') })).rejects.toThrow(
      /refund it instead/,
    );
  });

  it('reverses a held payment, after which it cannot be captured', async () => {
    const processor = await sandbox();
    const { providerReference } = await held();
    const reverseKey = key('r');
    await processor.reverse({ providerReference, idempotencyKey: reverseKey });
    await processor.reverse({ providerReference, idempotencyKey: reverseKey });
    expect(await ledgerRows(reverseKey)).toHaveLength(1);
    await expect(
      processor.capture({ providerReference, amount: 10_000, currency: 'GBP', idempotencyKey: key('c') }),
    ).rejects.toThrow(/reversed/);
  });

  it('refunds what was taken, in parts, and no more', async () => {
    const processor = await sandbox();
    const { providerReference } = await processor.authorise(pay(visa));
    const first = await processor.refund({
      providerReference,
      amount: 6_000,
      currency: 'GBP',
      idempotencyKey: key('f'),
    });
    expect(first.providerReference).toMatch(/^SBX-R-[0-9A-F]{16}$/);
    await expect(
      processor.refund({ providerReference, amount: 4_001, currency: 'GBP', idempotencyKey: key('f') }),
    ).rejects.toThrow(/4000/);
    await processor.refund({ providerReference, amount: 4_000, currency: 'GBP', idempotencyKey: key('f') });
  });

  it('refuses a held payment refund, a declined payment and unknown references', async () => {
    const processor = await sandbox();
    const { providerReference } = await held();
    await expect(
      processor.refund({ providerReference, amount: 1, currency: 'GBP', idempotencyKey: key('f') }),
    ).rejects.toBeInstanceOf(ProcessorError);
    const declined = await processor.authorise(pay(card('4000 0000 0000 0002')));
    await expect(
      processor.capture({
        providerReference: declined.providerReference,
        amount: 1,
        currency: 'GBP',
        idempotencyKey: key('c'),
      }),
    ).rejects.toThrow(/not authorised/);
    const unknown = 'SBX-0000000000000000';
    await expect(
      processor.capture({ providerReference: unknown, amount: 1, currency: 'GBP', idempotencyKey: key('c') }),
    ).rejects.toThrow(/unknown payment/);
    await expect(processor.reverse({ providerReference: unknown, idempotencyKey: key('r') })).rejects.toThrow(
      /unknown payment/,
    );
    await expect(
      processor.refund({ providerReference: unknown, amount: 1, currency: 'GBP', idempotencyKey: key('f') }),
    ).rejects.toThrow(/unknown payment/);
  });
});
