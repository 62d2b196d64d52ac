import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { decideSandboxBankPayment } from '@/lib/payments/processor';
import { withTestDatabase } from '../support/test-database';
import { authorised, card, key, pay, sandbox } from './sandbox-helpers';

withTestDatabase();

/** The status query answers from the ledger, by the idempotency key the payment was sent with. */
const find = async (idempotencyKey: string) => (await sandbox()).findPayment({ reference: 'txn-1', idempotencyKey });

describe('sandbox findPayment', () => {
  it('is not_found for a key it never took a payment under', async () => {
    expect(await find(key('never'))).toEqual({ status: 'not_found' });
  });

  it('answers captured, authorised (held), or declined with the card facts', async () => {
    const processor = await sandbox();
    const taken = pay(card('4111 1111 1111 1111'));
    const { providerReference } = authorised(await processor.authorise(taken));
    expect(await find(taken.idempotencyKey)).toMatchObject({
      status: 'captured',
      providerReference,
      amount: 10_000,
      currency: 'GBP',
      card: { brand: 'VISA', lastFour: '1111' },
    });
    const held = pay(card('4111 1111 1111 1111'), { capture: false });
    const heldRef = authorised(await processor.authorise(held)).providerReference;
    expect(await find(held.idempotencyKey)).toMatchObject({ status: 'authorised', providerReference: heldRef });
    await processor.capture({
      providerReference: heldRef,
      amount: 10_000,
      currency: 'GBP',
      idempotencyKey: key('cap'),
    });
    expect(await find(held.idempotencyKey)).toMatchObject({ status: 'captured' });
    const declined = pay(card('4000 0000 0000 0002'));
    await processor.authorise(declined);
    expect(await find(declined.idempotencyKey)).toMatchObject({ status: 'declined', reason: 'declined' });
  });

  it('a released authorisation took nothing', async () => {
    const processor = await sandbox();
    const held = pay(card('4111 1111 1111 1111'), { capture: false });
    const { providerReference } = authorised(await processor.authorise(held));
    await processor.reverse({ providerReference, idempotencyKey: key('rev') });
    expect(await find(held.idempotencyKey)).toEqual({ status: 'not_found' });
  });

  it('a challenge waits for the shopper until finished, then answers the finish', async () => {
    const processor = await sandbox();
    const challenged = pay(card('4212 3456 7891 0006'));
    const started = await processor.authorise(challenged);
    expect(await find(challenged.idempotencyKey)).toEqual({
      status: 'awaiting_shopper',
      providerReference: started.providerReference,
    });
    await processor.finishChallenge({
      providerReference: started.providerReference,
      payload: { password: 'password' },
    });
    expect(await find(challenged.idempotencyKey)).toMatchObject({
      status: 'captured',
      providerReference: started.providerReference,
    });
  });

  it('a saved-card charge is found by its key too', async () => {
    const processor = await sandbox();
    const stored = authorised(await processor.authorise(pay(card('4111 1111 1111 1111'), { storeCard: true })));
    const chargeKey = key('charge');
    await processor.chargeStoredCard({
      token: stored.storedCardToken!,
      reference: 'txn-2',
      amount: 500,
      currency: 'GBP',
      capture: true,
      use: 'unscheduled',
      idempotencyKey: chargeKey,
    });
    expect(await find(chargeKey)).toMatchObject({ status: 'captured', amount: 500 });
  });

  it('a bank payment: waiting, then paid, declined, or abandoned (nothing taken)', async () => {
    const processor = await sandbox();
    const outcomes = { approve: 'captured', decline: 'declined', abandon: 'not_found' } as const;
    for (const [decision, status] of Object.entries(outcomes) as [keyof typeof outcomes, string][]) {
      const bankKey = key('bank');
      const started = await processor.startOpenBanking({
        reference: 'txn-3',
        amount: 10_000,
        currency: 'GBP',
        returnUrl: 'http://localhost/r',
        idempotencyKey: bankKey,
      });
      expect(await find(bankKey)).toMatchObject({ status: 'awaiting_shopper' });
      await decideSandboxBankPayment(await getDb(), started.providerReference, decision);
      expect(await find(bankKey)).toMatchObject({ status });
    }
  });
});
