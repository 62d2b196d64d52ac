import { describe, expect, it } from 'vitest';
import { publicBaseUrl } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { decideSandboxBankPayment, ProcessorError, sandboxPendingPayment } from '@/lib/payments/processor';
import { withTestDatabase } from '../support/test-database';
import { key, ledgerRows, sandbox } from './sandbox-helpers';

withTestDatabase();

const start = async (idempotencyKey = key('ob')) =>
  (await sandbox()).startOpenBanking({
    reference: 'txn-ob',
    amount: 25_000,
    currency: 'GBP',
    returnUrl: 'http://localhost:3000/link/return',
    idempotencyKey,
  });

describe('open banking', () => {
  it('sends the customer to the sandbox bank and stays pending until they decide', async () => {
    const processor = await sandbox();
    const started = await start();
    expect(started.redirectUrl).toBe(`${publicBaseUrl()}/sandbox/bank/${started.providerReference}`);
    expect(await processor.finishOpenBanking({ providerReference: started.providerReference })).toEqual({
      status: 'pending',
    });
    expect(await sandboxPendingPayment(await getDb(), started.providerReference)).toEqual({
      step: 'bank',
      amount: 25_000,
      currency: 'GBP',
      returnUrl: 'http://localhost:3000/link/return',
      status: 'pending',
    });
  });

  it('starts once per idempotency key', async () => {
    const idempotencyKey = key('ob-twice');
    const [a, b] = await Promise.all([start(idempotencyKey), start(idempotencyKey)]);
    expect(b).toEqual(a);
    expect(await ledgerRows(idempotencyKey)).toHaveLength(1);
  });

  it.each([
    ['approve', 'authorised'],
    ['decline', 'declined'],
    ['abandon', 'abandoned'],
  ] as const)('records "%s" as %s, once: a second decision is refused', async (decision, status) => {
    const db = await getDb();
    const processor = await sandbox();
    const { providerReference } = await start();
    expect(await decideSandboxBankPayment(db, providerReference, decision)).toEqual({
      accepted: true,
      status,
      returnUrl: 'http://localhost:3000/link/return',
    });
    const other = decision === 'approve' ? 'decline' : 'approve';
    expect(await decideSandboxBankPayment(db, providerReference, other)).toMatchObject({ accepted: false, status });
    expect(await processor.finishOpenBanking({ providerReference })).toEqual({ status });
  });

  it('settles two racing decisions on one', async () => {
    const db = await getDb();
    const { providerReference } = await start();
    const answers = await Promise.all([
      decideSandboxBankPayment(db, providerReference, 'approve'),
      decideSandboxBankPayment(db, providerReference, 'decline'),
    ]);
    expect(answers.filter((a) => a.accepted)).toHaveLength(1);
    expect(answers[0]!.status).toBe(answers[1]!.status);
  });

  it('refunds an approved bank payment', async () => {
    const processor = await sandbox();
    const { providerReference } = await start();
    await decideSandboxBankPayment(await getDb(), providerReference, 'approve');
    expect(
      await processor.refund({ providerReference, amount: 25_000, currency: 'GBP', idempotencyKey: key('ob-refund') }),
    ).toMatchObject({ providerReference: expect.any(String) });
  });

  it('knows nothing of other references', async () => {
    const processor = await sandbox();
    await expect(processor.finishOpenBanking({ providerReference: 'SBX-UNKNOWN' })).rejects.toBeInstanceOf(
      ProcessorError,
    );
    await expect(decideSandboxBankPayment(await getDb(), 'SBX-UNKNOWN', 'approve')).rejects.toBeInstanceOf(
      ProcessorError,
    );
  });
});
