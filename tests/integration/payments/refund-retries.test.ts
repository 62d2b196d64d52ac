import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox, refunds } from '@/lib/db/schema';
import { ProcessorError, ProcessorOutcomeUnknown, SandboxProcessor } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * A refund the processor cannot take now is tried again with back-off, a
 * bounded number of times, then settles where a person sees it, with an email.
 */
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(await getDb());
});

const ALERTS = 'alerts@refund-retries.example.com';

/** A paid 10000 payment and an authorised refund of `amount` whose first sending attempt failed as `error` says. */
async function refundFailingWith(error: Error, amount = 10000) {
  const { admin, parentId } = await createTenant();
  await api.post(`/agent/organisations/${parentId}/settings`, { notification_email: ALERTS }, { token: admin.token });
  const bookingId = await createBookingVia(admin.token, parentId);
  const { transactionId } = (await pay(
    await createLinkVia(admin.token, parentId, { amount: 10000, booking_id: bookingId }),
  )) as { transactionId: string };
  const requested = (await api.post(`/agent/transactions/${transactionId}/refund`, { amount }, { token: admin.token }))
    .body.data;
  const send = vi.spyOn(SandboxProcessor.prototype, 'refund').mockRejectedValue(error);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const decided = await api.get(`/agent/refunds/${requested.authorization_code}/authorise`, { token: admin.token });
  return {
    admin,
    parentId,
    bookingId,
    transactionId,
    refundId: requested.id as string,
    send,
    decided: decided.body.data,
  };
}

async function refundRow(id: string) {
  const [row] = await (await getDb()).select().from(refunds).where(eq(refunds.id, id));
  return row!;
}

async function alertsAbout(code: string) {
  const rows = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.toAddress, ALERTS));
  return rows.filter((row) => row.textBody.includes(code));
}

/** Moves the test clock and lets the runner do whatever is due. */
async function runAfter(seconds: number) {
  const db = await getDb();
  await advanceClock(db, { seconds });
  await runUntilIdle(db);
}

describe('refund retries', () => {
  it('retries a transient failure with back-off (1, 4, 16, 64, 256, 480, 480 min), then FAILED with an alert', async () => {
    const { refundId, send, decided, transactionId, admin } = await refundFailingWith(
      new ProcessorError('processor busy', true),
    );
    expect(decided).toMatchObject({ status: 'AUTHORISED', failure_reason: 'processor busy' });
    expect(await refundRow(refundId)).toMatchObject({ attempts: 1 });
    for (const [index, minutes] of [1, 4, 16, 64, 256, 480, 480].entries()) {
      const before = await refundRow(refundId);
      expect(before.nextAttemptAt!.getTime() - before.updatedAt.getTime(), `delay after attempt ${index + 1}`).toBe(
        minutes * 60_000,
      );
      await runAfter(minutes * 60 - 30);
      expect((await refundRow(refundId)).attempts, `not due before ${minutes} min`).toBe(index + 1);
      await runAfter(30);
      expect((await refundRow(refundId)).attempts).toBe(index + 2);
    }
    expect(send).toHaveBeenCalledTimes(8);
    const failed = await refundRow(refundId);
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: 8,
      nextAttemptAt: null,
      failureReason: 'processor busy',
    });
    const [alert] = await alertsAbout(failed.authorizationCode);
    expect(alert).toMatchObject({
      kind: 'alert:refund_failed',
      subject: expect.stringContaining('refund of £100.00 failed'),
    });
    // The runner's verdict is audited, naming the service.
    const audit = await api.post(
      '/audit',
      { organisation: failed.organisationId, keyword: 'refund:fail' },
      { token: admin.token },
    );
    expect(audit.body.data).toEqual([
      expect.objectContaining({ entity_id: refundId, user: expect.objectContaining({ id: null, kind: 'service' }) }),
    ]);
    // Nothing more is tried, and the listed refund shows why.
    await runAfter(24 * 3600);
    expect(send).toHaveBeenCalledTimes(8);
    const [listed] = (await api.post('/agent/refunds', { organisation: failed.organisationId }, { token: admin.token }))
      .body.data;
    expect(listed).toMatchObject({ id: refundId, status: 'FAILED', failure_reason: 'processor busy' });
    // Nothing went out, so the whole amount may be refunded again.
    send.mockRestore();
    const again = await api.post(
      `/agent/transactions/${transactionId}/refund`,
      { amount: 10000 },
      { token: admin.token },
    );
    expect(again.status).toBe(200);
    expect(
      (await api.get(`/agent/refunds/${again.body.data.authorization_code}/authorise`, { token: admin.token })).body
        .data.status,
    ).toBe('COMPLETE');
  });

  it('completes when a later attempt gets through, with the same idempotency key', async () => {
    const { refundId, send } = await refundFailingWith(new ProcessorError('processor busy', true), 2500);
    send.mockRejectedValueOnce(new ProcessorError('still busy', true));
    await runAfter(60);
    expect(await refundRow(refundId)).toMatchObject({ status: 'AUTHORISED', attempts: 2 });
    send.mockRestore();
    const sent = vi.spyOn(SandboxProcessor.prototype, 'refund');
    await runAfter(4 * 60);
    expect(await refundRow(refundId)).toMatchObject({ status: 'COMPLETE', attempts: 3, nextAttemptAt: null });
    expect(sent.mock.calls.map(([input]) => input.idempotencyKey)).toEqual([`${refundId}:refund`]);
  });

  it('fails a refund the processor refuses for good at once, never retrying it', async () => {
    const { refundId, send, decided, bookingId, admin } = await refundFailingWith(
      new ProcessorError('unknown payment reference'),
    );
    expect(decided).toMatchObject({ status: 'FAILED', failure_reason: 'unknown payment reference' });
    expect(await refundRow(refundId)).toMatchObject({ status: 'FAILED', attempts: 1, nextAttemptAt: null });
    expect(await alertsAbout(decided.authorization_code)).toHaveLength(1);
    await runAfter(24 * 3600);
    expect(send.mock.calls.map(([input]) => input.idempotencyKey)).toEqual([`${refundId}:refund`]);
    // The booking holds the whole payment again.
    expect(
      (await api.put('/agent/credit-notes', { booking_id: bookingId, amount: 10000 }, { token: admin.token })).status,
    ).toBe(200);
  });

  it('keeps the money held when the processor never answered clearly (UNSETTLED), and says so', async () => {
    const { refundId, send, transactionId, bookingId, admin } = await refundFailingWith(
      new ProcessorOutcomeUnknown('timed out'),
    );
    // Straight to the last attempt: the schedule is the same as above.
    await (await getDb()).update(refunds).set({ attempts: 7 }).where(eq(refunds.id, refundId));
    await runAfter(60);
    const unsettled = await refundRow(refundId);
    expect(unsettled).toMatchObject({ status: 'UNSETTLED', attempts: 8, failureReason: 'timed out' });
    expect(send).toHaveBeenCalledTimes(2);
    expect((await alertsAbout(unsettled.authorizationCode))[0]).toMatchObject({ kind: 'alert:refund_unsettled' });
    const refused = await api.post(
      `/agent/transactions/${transactionId}/refund`,
      { amount: 1 },
      { token: admin.token },
    );
    expect(refused.body.errors[0].code).toBe('refund.exceeds_refundable');
    expect(
      (await api.put('/agent/credit-notes', { booking_id: bookingId, amount: 1 }, { token: admin.token })).body
        .errors[0].code,
    ).toBe('credit_note.exceeds_balance');
  });
});
