import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { auditRecords, sandboxProcessorOperations, scheduledPayments, transactions } from '@/lib/db/schema';
import { SandboxProcessor } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * Deleting a booking stops its money movements: its scheduled payments that
 * have not started are CANCELLED in the delete's own transaction, and the
 * runner re-checks the booking after its claim, right before charging.
 */
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(await getDb());
});

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function schedule(token: string, bookingId: string, cardToken: string, amount: number, days: number) {
  const response = await api.post(
    `/payment/booking/${bookingId}/payment`,
    { token: cardToken, amount, date: inDays(days) },
    { token },
  );
  expect(response.status, response.text).toBe(200);
}

const paymentsOf = async (bookingId: string) =>
  (await getDb()).select().from(scheduledPayments).where(eq(scheduledPayments.bookingId, bookingId));
const chargesOnBooking = async (bookingId: string) =>
  (await getDb())
    .select({ id: sandboxProcessorOperations.id })
    .from(sandboxProcessorOperations)
    .innerJoin(transactions, sql`${transactions.id}::text = ${sandboxProcessorOperations.idempotencyKey}`)
    .where(and(eq(transactions.bookingId, bookingId), eq(sandboxProcessorOperations.kind, 'charge_stored')));

describe('DELETE /agent/bookings/{id} and its scheduled payments', () => {
  it('cancels the QUEUED and AWAITING_APPROVAL ones with the delete, audited; a COMPLETE one and other bookings stay; nothing is charged later', async () => {
    const db = await getDb();
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    const other = await bookingWithSavedCard(admin.token, parentId);
    await schedule(admin.token, bookingId, cardToken, 100, -1);
    await runUntilIdle(db);
    await schedule(admin.token, bookingId, cardToken, 200, 5);
    await schedule(admin.token, other.bookingId, other.cardToken, 400, 5);
    await api.post(
      `/agent/organisations/${parentId}/settings`,
      { approval_links_enabled: true },
      { token: admin.token },
    );
    await schedule(admin.token, bookingId, cardToken, 300, 6);
    const byAmount = new Map((await paymentsOf(bookingId)).map((p) => [p.amount, p]));
    expect([...byAmount.values()].map((p) => [p.amount, p.status]).sort()).toEqual([
      [100, 'COMPLETE'],
      [200, 'QUEUED'],
      [300, 'AWAITING_APPROVAL'],
    ]);

    expect((await api.delete(`/agent/bookings/${bookingId}`, { token: admin.token })).status).toBe(200);

    const cancelled = await api.post(
      '/payment/scheduled-payment',
      { organisation: parentId, total_filter: 'CANCELLED', sort_by: 'amount', direction: 'asc' },
      { token: admin.token },
    );
    expect(cancelled.body.data.map((p: { id: string; failure_reason: string }) => [p.id, p.failure_reason])).toEqual([
      [byAmount.get(200)!.id, 'booking_deleted'],
      [byAmount.get(300)!.id, 'booking_deleted'],
    ]);
    const complete = await api.post(
      '/payment/scheduled-payment',
      { organisation: parentId, total_filter: 'COMPLETE' },
      { token: admin.token },
    );
    expect(complete.body.data.map((p: { id: string }) => p.id)).toEqual([byAmount.get(100)!.id]);
    expect((await paymentsOf(other.bookingId)).map((p) => p.status)).toEqual(['QUEUED']);
    const audit = await db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.type, 'scheduled-payment:cancel'),
          inArray(auditRecords.entityId, [byAmount.get(200)!.id, byAmount.get(300)!.id]),
        ),
      );
    expect(audit.map((record) => record.userId)).toEqual([admin.userId, admin.userId]);

    const chargesBefore = (await chargesOnBooking(bookingId)).length;
    await advanceClock(db, { seconds: 10 * 86_400 });
    await runUntilIdle(db);
    expect((await chargesOnBooking(bookingId)).length).toBe(chargesBefore);
    expect((await paymentsOf(other.bookingId)).map((p) => p.status)).toEqual(['COMPLETE']);
  });

  it('the runner re-checks when it opens a batch: a payment opened before the delete committed finishes, once, and the delete still succeeds', async () => {
    // The runner re-checks a claimed batch and writes every charge's transaction in one statement
    // (open-scheduled-charges.ts), then charges them concurrently. A delete that commits after that
    // finds the payment IN_PROGRESS with its transaction written and leaves it to finish (docs/groups.md,
    // "Automatic collection"): charged once, never twice, never lost. A delete before it is cancelled
    // (the test above, and the dead-worker test below).
    const db = await getDb();
    const { admin, parentId } = await createTenant();
    const first = await bookingWithSavedCard(admin.token, parentId);
    const second = await bookingWithSavedCard(admin.token, parentId);
    await schedule(admin.token, first.bookingId, first.cardToken, 500, -1);
    await schedule(admin.token, second.bookingId, second.cardToken, 600, -1);
    const deleted: string[] = [];
    const charge = SandboxProcessor.prototype.chargeStoredCard;
    vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockImplementation(async function (
      this: SandboxProcessor,
      input,
    ) {
      if (deleted.length === 0) {
        deleted.push('pending');
        const [charging] = await db.select().from(transactions).where(eq(transactions.id, input.reference));
        const victim = charging!.bookingId === first.bookingId ? second.bookingId : first.bookingId;
        deleted[0] = victim;
        expect((await api.delete(`/agent/bookings/${victim}`, { token: admin.token })).status).toBe(200);
      }
      return charge.call(this, input);
    });

    const [pass] = await runUntilIdle(db);
    expect(pass!.scheduled).toMatchObject({ completed: 2, cancelled: 0, failed: 0, unsettled: 0 });
    const [victim] = await paymentsOf(deleted[0]!);
    expect(victim).toMatchObject({ status: 'COMPLETE' });
    expect(
      await db
        .select()
        .from(transactions)
        .where(eq(transactions.idempotencyKey, `scheduled:${victim!.id}`)),
    ).toHaveLength(1);
  });

  it('a claim a dead worker left on a since-deleted booking is cancelled when taken up, not charged', async () => {
    const db = await getDb();
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    await schedule(admin.token, bookingId, cardToken, 700, -1);
    const [payment] = await paymentsOf(bookingId);
    await db
      .update(scheduledPayments)
      .set({ status: 'IN_PROGRESS', attempts: 1, claimedAt: now() })
      .where(eq(scheduledPayments.id, payment!.id));
    expect((await api.delete(`/agent/bookings/${bookingId}`, { token: admin.token })).status).toBe(200);
    const chargesBefore = (await chargesOnBooking(bookingId)).length;
    await advanceClock(db, { seconds: 11 * 60 });
    await runUntilIdle(db);
    expect((await paymentsOf(bookingId))[0]).toMatchObject({ status: 'CANCELLED', failureReason: 'booking_deleted' });
    expect((await chargesOnBooking(bookingId)).length).toBe(chargesBefore);
  });
});
