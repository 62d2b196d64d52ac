import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { processorMoney } from '@/lib/core/payments/processor-money';
import { getDb } from '@/lib/db/client';
import { emailOutbox, refunds, transactions } from '@/lib/db/schema';
import { SandboxProcessor } from '@/lib/payments/processor';
import { runOnce, runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { adyenBatch, adyenItem, notificationsOf, postNotifications, TEST_HMAC_KEY } from '../support/notifications';
import { createLinkVia, pay } from '../support/payments';
import { auditCount, ledgerRows } from '../support/races';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();
const savedKey = process.env.ADYEN_HMAC_KEY;
beforeAll(() => {
  process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
});
afterAll(() => {
  if (savedKey === undefined) delete process.env.ADYEN_HMAC_KEY;
  else process.env.ADYEN_HMAC_KEY = savedKey;
});
afterEach(() => vi.restoreAllMocks());

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function refundOf(id: string) {
  const [row] = await (await getDb()).select().from(refunds).where(eq(refunds.id, id));
  return row!;
}

/** A paid link (held only, with `authorisation_only`); answers the transaction row and the caller. */
async function paid(linkOverrides: Record<string, unknown> = {}) {
  const { admin, parentId } = await createTenant();
  const outcome = await pay(await createLinkVia(admin.token, parentId, linkOverrides));
  return { admin, parentId, row: await rowOf((outcome as { transactionId: string }).transactionId) };
}

/** Only the Adyen items of a test: the sandbox's own would confirm the same moves a second way. */
const adyenOnly = () => vi.spyOn(SandboxProcessor.prototype, 'notify').mockResolvedValue(undefined);

async function alertsOf(organisationId: string, kind: string) {
  return (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.organisationId, organisationId), eq(emailOutbox.kind, kind)));
}

describe('CAPTURE and CANCELLATION', () => {
  it('a capture a dead process left claimed becomes COMPLETE on the CAPTURE notification, without capturing again', async () => {
    const { row } = await paid({ authorisation_only: true });
    expect(row.status).toBe('PENDING');
    const db = await getDb();
    // The process claimed the capture, the processor captured, and the process died before recording it.
    await db.update(transactions).set({ stage: 'capturing' }).where(eq(transactions.id, row.id));
    await new SandboxProcessor(db).capture({
      providerReference: row.providerReference!,
      ...processorMoney(row),
      idempotencyKey: `${row.id}:capture`,
    });
    await runUntilIdle(db);
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE', stage: null });
    expect(await auditCount(db, 'transaction:complete', row.id)).toBe(1);
    expect(await ledgerRows(db, [`${row.id}:capture`])).toHaveLength(1);
    expect((await notificationsOf(`${row.providerReference}-CAPTURE`))[0]).toMatchObject({
      processor: 'sandbox',
      status: 'applied',
      outcome: 'payment COMPLETE',
    });
    // Adyen's own CAPTURE for the same payment only confirms.
    await postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'CAPTURE',
          pspReference: 'CAPTUREPSP000001',
          originalReference: row.providerReference!,
          merchantReference: row.id,
        }),
      ),
    );
    expect((await notificationsOf('CAPTUREPSP000001'))[0]).toMatchObject({
      status: 'ignored',
      outcome: 'capture confirmed: already COMPLETE',
    });
    expect(await auditCount(db, 'transaction:complete', row.id)).toBe(1);
  });

  it('CAPTURE_FAILED puts an accepted capture back to PENDING and alerts; the CAPTURE that arrives after it changes nothing', async () => {
    adyenOnly();
    const { admin, row } = await paid({ authorisation_only: true });
    expect((await api.get(`/agent/transactions/${row.id}/complete`, { token: admin.token })).status).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE' });
    const capture = {
      pspReference: 'CAPTUREPSP000002',
      originalReference: row.providerReference!,
      merchantReference: row.id,
    };
    await postNotifications(
      adyenBatch(adyenItem({ eventCode: 'CAPTURE_FAILED', ...capture, reason: 'Authorisation expired' })),
    );
    expect(await rowOf(row.id)).toMatchObject({
      status: 'PENDING',
      stage: null,
      completedAt: null,
      failureReason: 'capture_failed',
    });
    expect(await alertsOf(row.organisationId, 'alert:capture_failed')).toHaveLength(1);
    await postNotifications(adyenBatch(adyenItem({ eventCode: 'CAPTURE', ...capture })));
    expect(await rowOf(row.id)).toMatchObject({ status: 'PENDING' });
    expect((await notificationsOf('CAPTUREPSP000002')).find((n) => n.eventCode === 'CAPTURE')).toMatchObject({
      status: 'ignored',
      outcome: 'capture already failed at the processor',
    });
    // Repeated, the failure changes nothing twice.
    await postNotifications(
      adyenBatch(adyenItem({ eventCode: 'CAPTURE_FAILED', ...capture, reason: 'Authorisation expired' })),
    );
    expect(await alertsOf(row.organisationId, 'alert:capture_failed')).toHaveLength(1);
  });

  it('CANCELLATION records an authorisation released at the processor as REVERSED, once', async () => {
    adyenOnly();
    const { row } = await paid({ authorisation_only: true });
    const body = adyenBatch(
      adyenItem({
        eventCode: 'CANCELLATION',
        pspReference: 'CANCELPSP0000001',
        originalReference: row.providerReference!,
        merchantReference: row.id,
      }),
    );
    await postNotifications(body);
    await postNotifications(body);
    expect(await rowOf(row.id)).toMatchObject({ status: 'REVERSED', stage: null });
    expect(await auditCount(await getDb(), 'transaction:reverse', row.id)).toBe(1);
    // A COMPLETE payment cannot be cancelled: its CANCELLATION is ignored.
    const done = await paid();
    await postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'CANCELLATION',
          pspReference: 'CANCELPSP0000002',
          originalReference: done.row.providerReference!,
          merchantReference: done.row.id,
        }),
      ),
    );
    expect(await rowOf(done.row.id)).toMatchObject({ status: 'COMPLETE' });
    expect((await notificationsOf('CANCELPSP0000002'))[0]).toMatchObject({
      status: 'ignored',
      outcome: 'cancellation confirmed: payment is COMPLETE',
    });
  });
});

/** A refund authorised and then left unsent (its process died before sending, or before recording what it sent). */
async function authorisedRefund(admin: { token: string }, transactionId: string, amount: number) {
  const requested = await api.post(`/agent/transactions/${transactionId}/refund`, { amount }, { token: admin.token });
  expect(requested.status).toBe(200);
  const db = await getDb();
  await db
    .update(refunds)
    .set({ status: 'AUTHORISED', nextAttemptAt: new Date(Date.now() + 60_000) })
    .where(eq(refunds.id, requested.body.data.id));
  return refundOf(requested.body.data.id);
}

describe('REFUND and REFUND_FAILED', () => {
  it('a REFUND before the refund was recorded as sent settles it COMPLETE, and nothing is sent again', async () => {
    const { admin, row } = await paid();
    const refund = await authorisedRefund(admin, row.id, 4000);
    const db = await getDb();
    // The processor took the refund; the process died before recording it. Its notification arrives.
    const sent = await new SandboxProcessor(db).refund({
      providerReference: row.providerReference!,
      amount: 4000,
      currency: 'GBP',
      idempotencyKey: `${refund.id}:refund`,
    });
    await runOnce(db);
    expect(await refundOf(refund.id)).toMatchObject({ status: 'COMPLETE', providerReference: sent.providerReference });
    try {
      await advanceClock(db, { seconds: 3600 });
      await runUntilIdle(db);
    } finally {
      await resetClock(db);
    }
    expect(await ledgerRows(db, [`${refund.id}:refund`])).toHaveLength(1);
    expect(await refundOf(refund.id)).toMatchObject({ status: 'COMPLETE' });
  });

  it("Adyen's REFUND waits while the refund is not recorded yet, then confirms it; REFUND_FAILED fails it once, alerting", async () => {
    adyenOnly();
    const { admin, row } = await paid();
    const refund = await authorisedRefund(admin, row.id, 2500);
    const item = {
      pspReference: 'REFUNDPSP0000001',
      originalReference: row.providerReference!,
      merchantReference: null,
      amount: 2500,
    };
    await postNotifications(adyenBatch(adyenItem({ eventCode: 'REFUND', ...item })));
    expect((await notificationsOf('REFUNDPSP0000001'))[0]).toMatchObject({
      status: 'failed',
      outcome: 'refund not yet recorded as sent; tried again later',
      attempts: 1,
    });
    const db = await getDb();
    // The sender records what the processor answered.
    await db
      .update(refunds)
      .set({ status: 'COMPLETE', providerReference: 'REFUNDPSP0000001', completedAt: new Date() })
      .where(eq(refunds.id, refund.id));
    try {
      await advanceClock(db, { seconds: 120 });
      await runOnce(db);
    } finally {
      await resetClock(db);
    }
    expect((await notificationsOf('REFUNDPSP0000001'))[0]).toMatchObject({
      status: 'ignored',
      outcome: 'refund confirmed: refund is COMPLETE',
      attempts: 2,
    });

    const failed = adyenBatch(adyenItem({ eventCode: 'REFUND_FAILED', ...item, reason: 'Account closed' }));
    await postNotifications(failed);
    await postNotifications(failed);
    expect(await refundOf(refund.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'refund_failed: Account closed',
    });
    expect(await auditCount(db, 'refund:fail', refund.id)).toBe(1);
    expect(await alertsOf(row.organisationId, 'alert:refund_failed')).toHaveLength(1);
    // The amount is refundable again.
    expect(
      (await api.post(`/agent/transactions/${row.id}/refund`, { amount: 10000 }, { token: admin.token })).status,
    ).toBe(200);
  });
});
