import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox, transactions } from '@/lib/db/schema';
import { ProcessorError, SandboxProcessor, type ModificationResult } from '@/lib/payments/processor';
import { reverseExpiredAuthorisations } from '@/lib/runner/expire-authorisations-step';
import { finishStuckModifications } from '@/lib/runner/stuck-modifications-step';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { ledgerRows } from '../support/races';
import { withTestDatabase } from '../support/test-database';

/*
 * What a capture or reverse does when something fails after the claim: only
 * the processor saying it did nothing hands the claim back; a database
 * failure after the processor captured keeps it for the runner; a processor
 * that refuses a stuck modification for good ends it, with an alert.
 */
withTestDatabase();
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(await getDb());
});

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function held() {
  const { admin, parentId } = await createTenant();
  const { transactionId } = (await pay(await createLinkVia(admin.token, parentId, { authorisation_only: true }))) as {
    transactionId: string;
  };
  // Its notifications lost: only the steps under test can settle it.
  vi.spyOn(SandboxProcessor.prototype, 'notify').mockResolvedValue(undefined);
  return { admin, id: transactionId, organisationId: parentId };
}

const quiet = () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
};

async function alertsOf(organisationId: string, kind: string) {
  return (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.organisationId, organisationId), eq(emailOutbox.kind, kind)));
}

describe('a database failure after the processor captured', () => {
  it('keeps the claim (no reverse can cross it); the runner finishes the capture under the same key, captured once', async () => {
    const { admin, id } = await held();
    quiet();
    const db = await getDb();
    const real = SandboxProcessor.prototype.capture as (
      this: SandboxProcessor,
      input: unknown,
    ) => Promise<ModificationResult>;
    vi.spyOn(SandboxProcessor.prototype, 'capture').mockImplementationOnce(async function (
      this: SandboxProcessor,
      input: unknown,
    ) {
      const answer = await real.call(this, input);
      // The processor captured; the database is lost before the capture is recorded.
      vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
      return answer;
    } as never);
    const failed = await api.get(`/agent/transactions/${id}/complete`, { token: admin.token });
    expect(failed.status).toBe(502);
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING', stage: 'capturing' });
    // Handed back, this reverse would release (or, at Adyen, refund) a captured payment.
    expect((await api.get(`/agent/transactions/${id}/reverse`, { token: admin.token })).status).toBe(409);
    await advanceClock(db, { seconds: 11 * 60 });
    expect(await finishStuckModifications(db)).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'COMPLETE', stage: null });
    expect(await ledgerRows(db, [`${id}:capture`])).toHaveLength(1);
    expect(await ledgerRows(db, [`${id}:reverse`])).toHaveLength(0);
  });
});

describe('a stuck modification the processor refuses', () => {
  it('for good: the claim is released with the failure recorded and an alert, not retried, and the expiry can release it', async () => {
    const { id, organisationId } = await held();
    quiet();
    const db = await getDb();
    // A process died after claiming the capture; the processor now refuses it for good.
    await db.update(transactions).set({ stage: 'capturing' }).where(eq(transactions.id, id));
    const capture = vi
      .spyOn(SandboxProcessor.prototype, 'capture')
      .mockRejectedValue(
        new ProcessorError('Adyen /payments/X/captures answered 422: 167 Original pspReference required'),
      );
    await advanceClock(db, { seconds: 11 * 60 });
    expect(await finishStuckModifications(db)).toBe(0);
    expect(await rowOf(id)).toMatchObject({
      status: 'PENDING',
      stage: null,
      modificationSentAt: null,
      failureReason: 'capture_failed',
    });
    expect(await alertsOf(organisationId, 'alert:capture_failed')).toHaveLength(1);
    await advanceClock(db, { seconds: 11 * 60 });
    await finishStuckModifications(db);
    expect(capture).toHaveBeenCalledTimes(1);
    expect(await alertsOf(organisationId, 'alert:capture_failed')).toHaveLength(1);
    // Released, the authorisation expires as any other.
    await advanceClock(db, { seconds: 8 * 86_400 });
    expect(await reverseExpiredAuthorisations(db)).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'REVERSED', failureReason: 'authorisation_expired' });
  });

  it('for now (transient): the claim stays and is tried again later', async () => {
    const { id, organisationId } = await held();
    quiet();
    const db = await getDb();
    await db.update(transactions).set({ stage: 'reversing' }).where(eq(transactions.id, id));
    const reverse = vi
      .spyOn(SandboxProcessor.prototype, 'reverse')
      .mockRejectedValueOnce(new ProcessorError('Adyen answered 429', true));
    await advanceClock(db, { seconds: 11 * 60 });
    expect(await finishStuckModifications(db)).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING', stage: 'reversing' });
    expect(await alertsOf(organisationId, 'alert:reverse_failed')).toHaveLength(0);
    await advanceClock(db, { seconds: 11 * 60 });
    expect(await finishStuckModifications(db)).toBe(1);
    expect(reverse).toHaveBeenCalledTimes(2);
    expect(await rowOf(id)).toMatchObject({ status: 'REVERSED', stage: null });
  });
});
