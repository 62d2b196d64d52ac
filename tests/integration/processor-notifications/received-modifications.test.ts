import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox, refunds, transactions } from '@/lib/db/schema';
import { SandboxProcessor, type ModificationResult } from '@/lib/payments/processor';
import { runOnce } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { adyenBatch, adyenItem, notificationsOf, postNotifications, TEST_HMAC_KEY } from '../support/notifications';
import { createLinkVia, pay } from '../support/payments';
import { auditCount, ledgerRows } from '../support/races';
import { withTestDatabase } from '../support/test-database';
import { eventsOf, subscribe } from '../events/event-support';

/*
 * Captures, reverses and refunds as Adyen settles them: the request is only
 * received (`status: received`), and the outcome is the later CAPTURE,
 * CANCEL_OR_REFUND or REFUND notification (or its failure). The sandbox
 * processor is made to answer as Adyen does ('received', its own
 * notifications lost), so the only thing that can settle a record is the
 * Adyen notification each test posts.
 */
withTestDatabase();
const savedKey = process.env.ADYEN_HMAC_KEY;
beforeAll(() => {
  process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
});
afterAll(() => {
  if (savedKey === undefined) delete process.env.ADYEN_HMAC_KEY;
  else process.env.ADYEN_HMAC_KEY = savedKey;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(await getDb());
});

type Method = 'capture' | 'reverse' | 'refund';

/** The sandbox moves the money in its ledger, but answers like Adyen: received, settled by a notification later. */
function answerReceived() {
  vi.spyOn(SandboxProcessor.prototype, 'notify').mockResolvedValue(undefined);
  for (const method of ['capture', 'reverse', 'refund'] as const satisfies Method[]) {
    const real = SandboxProcessor.prototype[method] as (
      this: SandboxProcessor,
      input: unknown,
    ) => Promise<ModificationResult>;
    vi.spyOn(SandboxProcessor.prototype, method).mockImplementation(async function (
      this: SandboxProcessor,
      input: unknown,
    ) {
      const { providerReference } = await real.call(this, input);
      return { status: 'received', providerReference };
    } as never);
  }
}

/** Received without touching the sandbox's ledger (the processor failed it later): answers the keys it was sent under. */
function sentKeys(method: 'capture' | 'reverse') {
  const keys: string[] = [];
  vi.spyOn(SandboxProcessor.prototype, method).mockImplementation((async (input: { idempotencyKey: string }) => {
    keys.push(input.idempotencyKey);
    return { status: 'received', providerReference: `${method.toUpperCase()}-${keys.length}` };
  }) as never);
  return keys;
}

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function refundOf(id: string) {
  const [row] = await (await getDb()).select().from(refunds).where(eq(refunds.id, id));
  return row!;
}

async function alertsOf(organisationId: string, kind: string) {
  return (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.organisationId, organisationId), eq(emailOutbox.kind, kind)));
}

async function paid(linkOverrides: Record<string, unknown> = {}) {
  const { admin, parentId } = await createTenant();
  await subscribe(parentId);
  const outcome = await pay(await createLinkVia(admin.token, parentId, linkOverrides));
  return { admin, parentId, row: await rowOf((outcome as { transactionId: string }).transactionId) };
}

/** A refund requested and authorised through the API: answers the Refund object the authorise call returned. */
async function authorisedRefund(token: string, transactionId: string, amount: number) {
  const requested = await api.post(`/agent/transactions/${transactionId}/refund`, { amount }, { token });
  expect(requested.status).toBe(200);
  const authorised = await api.get(`/agent/refunds/${requested.body.data.authorization_code}/authorise`, { token });
  expect(authorised.status).toBe(200);
  return authorised.body.data as { id: string; status: string; provider_reference: string | null };
}

async function later(seconds: number) {
  const db = await getDb();
  await advanceClock(db, { seconds });
  await runOnce(db);
}

describe('a refund Adyen received', () => {
  it('stays AUTHORISED and is not sent again; REFUND completes it and emits refund.completed, once', async () => {
    answerReceived();
    const { admin, row } = await paid();
    const answered = await authorisedRefund(admin.token, row.id, 4000);
    // Received is not paid out: not COMPLETE, no refund.completed.
    expect(answered).toMatchObject({ status: 'AUTHORISED', provider_reference: expect.any(String) });
    expect(await refundOf(answered.id)).toMatchObject({
      status: 'AUTHORISED',
      sentAt: expect.any(Date),
      completedAt: null,
      nextAttemptAt: null,
      attempts: 1,
    });
    expect(await eventsOf(answered.id, 'refund.completed')).toEqual([]);
    // The retry step leaves a received refund alone: one request under its key, however long the notification takes.
    await later(3 * 3600);
    expect(await ledgerRows(await getDb(), [`${answered.id}:refund`])).toHaveLength(1);
    expect(await refundOf(answered.id)).toMatchObject({ status: 'AUTHORISED' });

    const body = adyenBatch(
      adyenItem({
        eventCode: 'REFUND',
        pspReference: answered.provider_reference!,
        originalReference: row.providerReference!,
        amount: 4000,
      }),
    );
    await postNotifications(body);
    await postNotifications(body);
    expect(await refundOf(answered.id)).toMatchObject({ status: 'COMPLETE', completedAt: expect.any(Date) });
    expect(await eventsOf(answered.id, 'refund.completed')).toHaveLength(1);
    const listed = (
      await api.post('/agent/refunds', { organisation: row.organisationId }, { token: admin.token })
    ).body.data.find((r: { id: string }) => r.id === answered.id);
    expect(listed).toMatchObject({ status: 'COMPLETE' });
  });

  it('REFUND_FAILED fails it: refund.declined, the organisation alerted, the amount refundable again, never completed', async () => {
    answerReceived();
    const { admin, row } = await paid();
    const answered = await authorisedRefund(admin.token, row.id, 10_000);
    await postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'REFUND_FAILED',
          pspReference: answered.provider_reference!,
          originalReference: row.providerReference!,
          amount: 10_000,
          reason: 'Account closed',
        }),
      ),
    );
    expect(await refundOf(answered.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'refund_failed: Account closed',
      completedAt: null,
    });
    expect(await eventsOf(answered.id, 'refund.completed')).toEqual([]);
    expect(await eventsOf(answered.id, 'refund.declined')).toHaveLength(1);
    expect(await alertsOf(row.organisationId, 'alert:refund_failed')).toHaveLength(1);
    expect(
      (await api.post(`/agent/transactions/${row.id}/refund`, { amount: 10_000 }, { token: admin.token })).status,
    ).toBe(200);
  });
});

describe('a capture Adyen received', () => {
  it('keeps the payment PENDING and claimed, sent once; CAPTURE completes it with one event and one audit record', async () => {
    answerReceived();
    const { admin, row } = await paid({ authorisation_only: true });
    const answer = await api.get(`/agent/transactions/${row.id}/complete`, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('PENDING');
    expect(await rowOf(row.id)).toMatchObject({
      status: 'PENDING',
      stage: 'capturing',
      modificationSentAt: expect.any(Date),
      completedAt: null,
    });
    expect(await eventsOf(row.id, 'transaction.completed')).toEqual([]);
    // Nothing crosses it: a reverse or a second capture is refused while the capture is with the processor.
    expect((await api.get(`/agent/transactions/${row.id}/reverse`, { token: admin.token })).status).toBe(409);
    expect((await api.get(`/agent/transactions/${row.id}/complete`, { token: admin.token })).status).toBe(409);
    // The stuck-modifications step does not send a received capture again.
    await later(20 * 60);
    expect(await ledgerRows(await getDb(), [`${row.id}:capture`])).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'PENDING', stage: 'capturing' });

    const body = adyenBatch(
      adyenItem({
        eventCode: 'CAPTURE',
        pspReference: `${row.providerReference}-CAPTURE`,
        originalReference: row.providerReference!,
        merchantReference: row.id,
      }),
    );
    await postNotifications(body);
    await postNotifications(body);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'COMPLETE',
      stage: null,
      modificationSentAt: null,
      completedAt: expect.any(Date),
    });
    expect(await eventsOf(row.id, 'transaction.completed')).toHaveLength(1);
    expect(await auditCount(await getDb(), 'transaction:complete', row.id)).toBe(1);
  });

  it('CAPTURE_FAILED puts it back to PENDING with an alert; completed again, it is sent under a new key', async () => {
    answerReceived();
    const keys = sentKeys('capture');
    const { admin, row } = await paid({ authorisation_only: true });
    expect((await api.get(`/agent/transactions/${row.id}/complete`, { token: admin.token })).status).toBe(200);
    await postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'CAPTURE_FAILED',
          pspReference: 'CAPTUREPSP000011',
          originalReference: row.providerReference!,
          merchantReference: row.id,
          reason: 'Insufficient balance',
        }),
      ),
    );
    expect(await rowOf(row.id)).toMatchObject({
      status: 'PENDING',
      stage: null,
      modificationSentAt: null,
      failureReason: 'capture_failed',
    });
    expect(await alertsOf(row.organisationId, 'alert:capture_failed')).toHaveLength(1);
    expect((await api.get(`/agent/transactions/${row.id}/complete`, { token: admin.token })).status).toBe(200);
    // Adyen answers a reused Idempotency-Key with its first answer, without trying again: the new attempt has its own.
    expect(keys).toEqual([`${row.id}:capture`, `${row.id}:capture:2`]);
  });
});

describe('a reverse Adyen received (/reversals), settled by CANCEL_OR_REFUND', () => {
  it('success (cancel) records REVERSED with its event; the payment stays PENDING until then', async () => {
    answerReceived();
    const { admin, row } = await paid({ authorisation_only: true });
    const answer = await api.get(`/agent/transactions/${row.id}/reverse`, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('PENDING');
    expect(await rowOf(row.id)).toMatchObject({
      status: 'PENDING',
      stage: 'reversing',
      modificationSentAt: expect.any(Date),
    });
    expect(await eventsOf(row.id, 'transaction.reversed')).toEqual([]);
    await postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'CANCEL_OR_REFUND',
          pspReference: 'REVERSALPSP00001',
          originalReference: row.providerReference!,
          merchantReference: row.id,
          additionalData: { 'modification.action': 'cancel' },
        }),
      ),
    );
    expect(await rowOf(row.id)).toMatchObject({ status: 'REVERSED', stage: null, modificationSentAt: null });
    expect(await eventsOf(row.id, 'transaction.reversed')).toHaveLength(1);
    expect(await auditCount(await getDb(), 'transaction:reverse', row.id)).toBe(1);
    expect((await notificationsOf('REVERSALPSP00001'))[0]).toMatchObject({
      status: 'applied',
      outcome: 'payment REVERSED',
    });
  });

  it('success as a refund (the payment had been captured) is REVERSED too, and says so', async () => {
    answerReceived();
    const { admin, row } = await paid({ authorisation_only: true });
    expect((await api.get(`/agent/transactions/${row.id}/reverse`, { token: admin.token })).status).toBe(200);
    await postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'CANCEL_OR_REFUND',
          pspReference: 'REVERSALPSP00002',
          originalReference: row.providerReference!,
          merchantReference: row.id,
          additionalData: { 'modification.action': 'refund' },
        }),
      ),
    );
    expect(await rowOf(row.id)).toMatchObject({ status: 'REVERSED' });
    expect((await notificationsOf('REVERSALPSP00002'))[0]).toMatchObject({
      status: 'applied',
      outcome: 'payment REVERSED (the processor refunded it: it had been captured)',
    });
  });

  it('failure puts it back to PENDING, the money still held, alerts the organisation; reversed again under a new key', async () => {
    answerReceived();
    const keys = sentKeys('reverse');
    const { admin, row } = await paid({ authorisation_only: true });
    expect((await api.get(`/agent/transactions/${row.id}/reverse`, { token: admin.token })).status).toBe(200);
    const failed = adyenBatch(
      adyenItem({
        eventCode: 'CANCEL_OR_REFUND',
        success: false,
        pspReference: 'REVERSALPSP00003',
        originalReference: row.providerReference!,
        merchantReference: row.id,
        reason: 'Transaction not found',
      }),
    );
    await postNotifications(failed);
    await postNotifications(failed);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'PENDING',
      stage: null,
      modificationSentAt: null,
      failureReason: 'reverse_failed',
    });
    expect(await eventsOf(row.id, 'transaction.reversed')).toEqual([]);
    expect(await alertsOf(row.organisationId, 'alert:reverse_failed')).toHaveLength(1);
    expect((await api.get(`/agent/transactions/${row.id}/reverse`, { token: admin.token })).status).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'PENDING', stage: 'reversing' });
    // Adyen answers a reused Idempotency-Key with its first answer, without trying again: the new attempt has its own.
    expect(keys).toEqual([`${row.id}:reverse`, `${row.id}:reverse:2`]);
  });

  it('the 7-day expiry waits for it too, and the REVERSED record keeps authorisation_expired', async () => {
    answerReceived();
    const { row } = await paid({ authorisation_only: true });
    await later(8 * 24 * 3600);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'PENDING',
      stage: 'reversing',
      modificationSentAt: expect.any(Date),
      failureReason: 'authorisation_expired',
    });
    await postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'CANCEL_OR_REFUND',
          pspReference: 'REVERSALPSP00004',
          originalReference: row.providerReference!,
          merchantReference: row.id,
          additionalData: { 'modification.action': 'cancel' },
        }),
      ),
    );
    expect(await rowOf(row.id)).toMatchObject({ status: 'REVERSED', failureReason: 'authorisation_expired' });
  });
});
