import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { ProcessorError, SandboxProcessor } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * The sandbox processor never fails by itself, so these tests make one call
 * fail the way an unreachable processor would, and check that nothing is lost
 * or taken twice.
 */
const outage = (method: 'authorise' | 'capture') =>
  vi.spyOn(SandboxProcessor.prototype, method).mockRejectedValueOnce(new ProcessorError('processor unreachable'));

afterEach(() => vi.restoreAllMocks());

describe('when the processor fails', () => {
  it('a payment is FAILED, nothing is taken, and the link can be paid again', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    outage('authorise');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await pay(link)).toMatchObject({ outcome: 'failed', reason: 'processor_error' });
    expect((await api.get(`/agent/payment-links/${link}`, { token: admin.token })).body.data).toMatchObject({
      status: 'active',
      transactions: [{ status: 'FAILED' }],
    });
    expect((await pay(link)).outcome).toBe('paid');
  });

  it('a capture answers 502 and leaves the authorisation PENDING to try again', async () => {
    const { admin, parentId } = await createTenant();
    const { transactionId } = (await pay(await createLinkVia(admin.token, parentId, { authorisation_only: true }))) as {
      transactionId: string;
    };
    outage('capture');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = await api.get(`/agent/transactions/${transactionId}/complete`, { token: admin.token });
    expect(failed.status).toBe(502);
    expect(failed.body.errors[0].code).toBe('payment.processor_unavailable');
    const list = await api.post('/agent/transactions', { organisation: parentId }, { token: admin.token });
    expect(list.body.data[0].status).toBe('PENDING');
    expect(
      (await api.get(`/agent/transactions/${transactionId}/complete`, { token: admin.token })).body.data.status,
    ).toBe('COMPLETE');
  });

  it('an authorised refund stays AUTHORISED and the runner completes it later, once', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const { transactionId } = (await pay(await createLinkVia(admin.token, parentId))) as { transactionId: string };
    const refund = (
      await api.post(`/agent/transactions/${transactionId}/refund`, { amount: 500 }, { token: admin.token })
    ).body.data;
    // Unreachable is a transient failure: retried later (a permanent one fails the refund at once).
    vi.spyOn(SandboxProcessor.prototype, 'refund').mockRejectedValueOnce(
      new ProcessorError('processor unreachable', true),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const authorised = await api.get(`/agent/refunds/${refund.authorization_code}/authorise`, { token: admin.token });
    expect(authorised.body.data.status).toBe('AUTHORISED');
    try {
      await advanceClock(db, { seconds: 120 });
      await runUntilIdle(db);
    } finally {
      await resetClock(db);
    }
    const [listed] = (await api.post('/agent/refunds', { organisation: parentId }, { token: admin.token })).body.data;
    expect(listed).toMatchObject({ id: refund.id, status: 'COMPLETE' });
    expect(
      (await api.post(`/agent/transactions/${transactionId}/refund`, { amount: 9501 }, { token: admin.token })).status,
    ).toBe(422);
  });
});

describe('when a process dies mid-capture', () => {
  it('the runner finishes the capture with the same idempotency key: captured once', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const { transactionId } = (await pay(await createLinkVia(admin.token, parentId, { authorisation_only: true }))) as {
      transactionId: string;
    };
    // What a process leaves behind when it dies after claiming the capture and calling the processor;
    // the processor's CAPTURE notification is lost too, so only the runner's retry can finish it.
    vi.spyOn(SandboxProcessor.prototype, 'notify').mockResolvedValue(undefined);
    const capture = vi.spyOn(SandboxProcessor.prototype, 'capture');
    await db.update(transactions).set({ stage: 'capturing' }).where(eq(transactions.id, transactionId));
    const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
    await new SandboxProcessor(db).capture({
      providerReference: row!.providerReference!,
      amount: row!.amount,
      currency: 'GBP',
      idempotencyKey: `${transactionId}:capture`,
    });
    expect((await api.get(`/agent/transactions/${transactionId}/complete`, { token: admin.token })).status).toBe(409);
    await runAfter(db, 5 * 60);
    expect((await db.select().from(transactions).where(eq(transactions.id, transactionId)))[0]!.stage).toBe(
      'capturing',
    );
    await runAfter(db, 11 * 60);
    const [done] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(done).toMatchObject({ status: 'COMPLETE', stage: null });
    expect(capture).toHaveBeenCalledTimes(2);
    const captures = await db
      .select()
      .from(sandboxProcessorOperations)
      .where(
        and(
          eq(sandboxProcessorOperations.kind, 'capture'),
          eq(sandboxProcessorOperations.providerReference, row!.providerReference!),
        ),
      );
    expect(captures).toHaveLength(1);
  });
});

async function runAfter(db: Awaited<ReturnType<typeof getDb>>, seconds: number) {
  try {
    await advanceClock(db, { seconds });
    await runUntilIdle(db);
  } finally {
    await resetClock(db);
  }
}
