import { and, eq, inArray, like, or } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryDelaysMs } from '@/lib/backoff';
import { now } from '@/lib/clock';
import { SCHEDULED_PAYMENT_RETRY } from '@/lib/core/scheduled-payments/scheduled-attempts';
import { getDb } from '@/lib/db/client';
import { emailOutbox, sandboxProcessorOperations, savedCards, scheduledPayments, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { ProcessorError, SandboxProcessor } from '@/lib/payments/processor';
import { applyPendingNotifications } from '@/lib/runner/processor-notifications-step';
import { deliverOutbox } from '@/lib/email/deliver-outbox';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { bookingWithSavedCard, cards } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * A scheduled payment's charge is retried after a transient processor failure
 * (nothing taken) with back-off and a new attempt key, is FAILED at once for a
 * decline or a permanent failure, and is never charged twice when a worker dies.
 */
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(await getDb());
});

const MINUTE = 60_000;
const alertAddress = (tenant: Tenant) => `${tenant.parentId}@alerts.example.com`;
const outage = (transient: boolean) => new ProcessorError('processor unreachable', transient);

/** A tenant whose alerts go to one address, a booking with a saved card, and a scheduled payment due a minute ago. */
async function duePayment(card: string = cards.visa, amount = 2500) {
  const tenant = await createTenant('Retry');
  const settings = await api.post(
    `/agent/organisations/${tenant.parentId}/settings`,
    { notification_email: alertAddress(tenant) },
    { token: tenant.admin.token },
  );
  expect(settings.status, settings.text).toBe(200);
  const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId, card);
  const created = await api.post(
    `/payment/booking/${bookingId}/payment`,
    { token: cardToken, amount, date: new Date(Date.now() - MINUTE).toISOString() },
    { token: tenant.admin.token },
  );
  expect(created.status, created.text).toBe(200);
  const [payment] = await (
    await getDb()
  )
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.bookingId, bookingId));
  return { tenant, bookingId, id: payment!.id, cardId: payment!.savedCardId! };
}

const row = async (id: string) =>
  (await (await getDb()).select().from(scheduledPayments).where(eq(scheduledPayments.id, id)))[0]!;
/** Every transaction an attempt of this scheduled payment made (keys scheduled:<id> and scheduled:<id>:<n>). */
const attemptsOf = async (id: string) =>
  (await getDb())
    .select()
    .from(transactions)
    .where(
      or(eq(transactions.idempotencyKey, `scheduled:${id}`), like(transactions.idempotencyKey, `scheduled:${id}:%`)),
    )
    .orderBy(transactions.createdAt);
/** The processor's own record of saved-card charges for these transactions: the proof of how often money moved. */
const chargesAtProcessor = async (transactionIds: string[]) =>
  transactionIds.length === 0
    ? []
    : (await getDb())
        .select()
        .from(sandboxProcessorOperations)
        .where(
          and(
            eq(sandboxProcessorOperations.kind, 'charge_stored'),
            inArray(sandboxProcessorOperations.idempotencyKey, transactionIds),
          ),
        );
const alertsOf = async (tenant: Tenant) =>
  (await getDb())
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, alertAddress(tenant)));

async function runAfter(db: Db, ms: number) {
  if (ms > 0) await advanceClock(db, { seconds: ms / 1000 });
  return runUntilIdle(db);
}

describe('a transient processor failure', () => {
  it('is retried after 5 minutes under a new key: one COMPLETE charge, one charge at the processor, no alert', async () => {
    const db = await getDb();
    const { tenant, id } = await duePayment();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const charge = vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockRejectedValueOnce(outage(true));

    const passes = await runUntilIdle(db);
    // Never FAILED at the first transient try; a payment waiting for later does not keep the runner busy.
    expect(passes.length).toBeLessThanOrEqual(2);
    const waiting = await row(id);
    expect(waiting).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      failureReason: 'processor_unavailable',
      claimedAt: null,
    });
    expect(waiting.nextAttemptAt!.getTime() - now().getTime()).toBeGreaterThan(5 * MINUTE - 10_000);
    expect(waiting.nextAttemptAt!.getTime() - now().getTime()).toBeLessThanOrEqual(5 * MINUTE);
    // Not due yet: left alone.
    await runAfter(db, 4 * MINUTE);
    expect(charge).toHaveBeenCalledTimes(1);
    expect(await row(id)).toMatchObject({ status: 'QUEUED', attempts: 1 });

    await runAfter(db, MINUTE);
    const done = await row(id);
    expect(done).toMatchObject({ status: 'COMPLETE', attempts: 2, failureReason: null, nextAttemptAt: null });
    const attempts = await attemptsOf(id);
    expect(attempts.map((t) => [t.idempotencyKey, t.status, t.failureReason])).toEqual([
      [`scheduled:${id}`, 'FAILED', 'processor_unavailable'],
      [`scheduled:${id}:2`, 'COMPLETE', null],
    ]);
    expect(done.transactionId).toBe(attempts[1]!.id);
    expect(await chargesAtProcessor(attempts.map((t) => t.id))).toHaveLength(1);
    expect(await alertsOf(tenant)).toHaveLength(0);
  });

  it(`backs off 5, 10, 20 ... minutes, then after ${SCHEDULED_PAYMENT_RETRY.maxAttempts} attempts is FAILED and the organisation told once`, async () => {
    const db = await getDb();
    const { tenant, id } = await duePayment();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const charge = vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockRejectedValue(outage(true));
    const waits = retryDelaysMs(SCHEDULED_PAYMENT_RETRY);
    expect(waits.map((ms) => ms / MINUTE)).toEqual([5, 10, 20, 40, 80, 160]);

    await runUntilIdle(db);
    for (const [i, wait] of waits.entries()) {
      const waiting = await row(id);
      expect(waiting, `after attempt ${i + 1}`).toMatchObject({ status: 'QUEUED', attempts: i + 1 });
      expect(waiting.nextAttemptAt!.getTime() - now().getTime(), `after attempt ${i + 1}`).toBeGreaterThan(
        wait - 10_000,
      );
      await runAfter(db, wait);
    }
    expect(charge).toHaveBeenCalledTimes(SCHEDULED_PAYMENT_RETRY.maxAttempts);
    const failed = await row(id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: SCHEDULED_PAYMENT_RETRY.maxAttempts,
      failureReason: 'processor_unavailable',
      nextAttemptAt: null,
    });
    const attempts = await attemptsOf(id);
    // Each attempt had a key of its own, so each really asked the processor.
    expect(new Set(attempts.map((t) => t.idempotencyKey)).size).toBe(SCHEDULED_PAYMENT_RETRY.maxAttempts);
    expect(failed.transactionId).toBe(attempts.at(-1)!.id);
    const alerts = await alertsOf(tenant);
    expect(alerts).toEqual([
      expect.objectContaining({ kind: 'alert:scheduled-payment-failed', status: expect.any(String) }),
    ]);
    expect(alerts[0]!.textBody).toContain('£25.00');
    // Nothing more to do, ever.
    await runAfter(db, 24 * 60 * MINUTE);
    expect(charge).toHaveBeenCalledTimes(SCHEDULED_PAYMENT_RETRY.maxAttempts);
  });
});

describe('a definite failure', () => {
  it('a decline is FAILED at the first attempt, with its reason and an alert to the organisation', async () => {
    const { tenant, id } = await duePayment(cards.declinesLater);
    await runUntilIdle(await getDb());
    expect(await row(id)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      failureReason: 'insufficient_funds',
      nextAttemptAt: null,
    });
    const alerts = await alertsOf(tenant);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      kind: 'alert:scheduled-payment-failed',
      subject: expect.stringContaining('failed'),
    });
    expect(alerts[0]!.textBody).toContain('insufficient_funds');
    expect(alerts[0]!.textBody).toContain(id);
  });

  it('a permanent processor failure is FAILED at once, never retried', async () => {
    const db = await getDb();
    const { tenant, id } = await duePayment();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const charge = vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockRejectedValueOnce(outage(false));
    await runUntilIdle(db);
    expect(await row(id)).toMatchObject({ status: 'FAILED', attempts: 1, failureReason: 'processor_error' });
    expect(await alertsOf(tenant)).toHaveLength(1);
    await runAfter(db, 24 * 60 * MINUTE);
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it('a card removed from the booking is FAILED at once (no_saved_card), with an alert', async () => {
    const db = await getDb();
    const { tenant, id, cardId } = await duePayment();
    await db.update(savedCards).set({ deletedAt: now() }).where(eq(savedCards.id, cardId));
    await runUntilIdle(db);
    expect(await row(id)).toMatchObject({ status: 'FAILED', failureReason: 'no_saved_card', transactionId: null });
    expect(await alertsOf(tenant)).toHaveLength(1);
  });
});

describe('a worker that dies', () => {
  it('after claiming: the payment is taken up again after 10 minutes with the same key, charged once', async () => {
    const db = await getDb();
    const { id } = await duePayment();
    // What a worker leaves when it dies right after its claim (attempt 1 started, nothing charged).
    await db
      .update(scheduledPayments)
      .set({ status: 'IN_PROGRESS', attempts: 1, claimedAt: now() })
      .where(eq(scheduledPayments.id, id));
    await runAfter(db, 5 * MINUTE);
    expect(await row(id)).toMatchObject({ status: 'IN_PROGRESS', attempts: 1 });
    await runAfter(db, 6 * MINUTE);
    expect(await row(id)).toMatchObject({ status: 'COMPLETE', attempts: 1 });
    const attempts = await attemptsOf(id);
    expect(attempts.map((t) => [t.idempotencyKey, t.status])).toEqual([[`scheduled:${id}`, 'COMPLETE']]);
    expect(await chargesAtProcessor([attempts[0]!.id])).toHaveLength(1);
  });

  it('after the processor charged but before the answer was recorded: re-claimed, the processor asked again under the same key, no second charge', async () => {
    const db = await getDb();
    const { id, cardId, bookingId } = await duePayment(cards.visa, 3100);
    const [card] = await db.select().from(savedCards).where(eq(savedCards.id, cardId));
    // The attempt's transaction was written and the processor charged; the worker died before settling.
    await db
      .update(scheduledPayments)
      .set({ status: 'IN_PROGRESS', attempts: 1, claimedAt: now() })
      .where(eq(scheduledPayments.id, id));
    const [inFlight] = await db
      .insert(transactions)
      .values({
        organisationId: card!.organisationId,
        bookingId,
        savedCardId: card!.id,
        amount: 3100,
        currency: 'GBX',
        status: 'PAYMENTINPROGRESS',
        stage: 'authorising',
        type: 'CARD',
        method: 'MOTO_OTHER',
        idempotencyKey: `scheduled:${id}`,
      })
      .returning();
    await new SandboxProcessor(db).chargeStoredCard({
      token: card!.processorToken,
      reference: inFlight!.id,
      amount: 3100,
      currency: 'GBP',
      capture: true,
      use: 'scheduled',
      idempotencyKey: inFlight!.id,
    });
    const charge = vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard');

    // An unsettled attempt waits for its claim to lapse, without keeping the runner busy.
    // The fixture's own payments notified the processor's answers, and their payers' receipts wait in the outbox:
    // those are the runner's work, done first.
    await applyPendingNotifications(db);
    await deliverOutbox(db);
    expect((await runUntilIdle(db)).length).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'IN_PROGRESS' });
    await runAfter(db, 11 * MINUTE);
    expect(charge).toHaveBeenCalledTimes(1);
    expect(await row(id)).toMatchObject({ status: 'COMPLETE', attempts: 1, transactionId: inFlight!.id });
    expect((await attemptsOf(id)).map((t) => [t.id, t.status])).toEqual([[inFlight!.id, 'COMPLETE']]);
    expect(await chargesAtProcessor([inFlight!.id])).toHaveLength(1);
  });

  it('after a transient failure was recorded but before the payment was queued again: re-claimed, then retried under a new key', async () => {
    const db = await getDb();
    const { id, cardId, bookingId } = await duePayment();
    const [card] = await db.select().from(savedCards).where(eq(savedCards.id, cardId));
    await db
      .update(scheduledPayments)
      .set({ status: 'IN_PROGRESS', attempts: 1, claimedAt: now() })
      .where(eq(scheduledPayments.id, id));
    await db.insert(transactions).values({
      organisationId: card!.organisationId,
      bookingId,
      savedCardId: card!.id,
      amount: 2500,
      currency: 'GBX',
      status: 'FAILED',
      failureReason: 'processor_unavailable',
      type: 'CARD',
      method: 'MOTO_OTHER',
      idempotencyKey: `scheduled:${id}`,
    });
    await runAfter(db, 11 * MINUTE);
    expect(await row(id)).toMatchObject({ status: 'QUEUED', attempts: 1, failureReason: 'processor_unavailable' });
    await runAfter(db, 5 * MINUTE);
    expect(await row(id)).toMatchObject({ status: 'COMPLETE', attempts: 2 });
    const attempts = await attemptsOf(id);
    expect(attempts.map((t) => t.status)).toEqual(['FAILED', 'COMPLETE']);
    expect(await chargesAtProcessor(attempts.map((t) => t.id))).toHaveLength(1);
  });
});
