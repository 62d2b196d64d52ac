import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { auditRecords, processorNotifications, scheduledPayments, transactions } from '@/lib/db/schema';
import { SandboxProcessor } from '@/lib/payments/processor';
import { sendSandboxNotifications } from '@/lib/payments/processor/sandbox/sandbox-notify';
import { runDueScheduledPayments } from '@/lib/runner/scheduled-payments-step';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { bookingWithSavedCard } from '../support/payments';
import { countStatements } from '../support/count-statements';
import { withTestDatabase } from '../support/test-database';
import { eventsOf, subscribe } from '../events/event-support';

/*
 * The runner settles the authorisations that arrive together in one statement
 * (settle-scheduled-charges.ts): each charge exactly as settling it alone
 * would, and one that moved meanwhile goes the long way.
 */
withTestDatabase();
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(await getDb());
});

async function duePayments(tenant: Tenant, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId);
    const answer = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 1000 + i, date: new Date(Date.now() + 86_400_000).toISOString() },
      { token: tenant.admin.token },
    );
    ids.push(answer.body.data.id ?? answer.body.data.scheduled_payment_id);
  }
  await advanceClock(await getDb(), { seconds: 2 * 86_400 });
  const queued = (
    await api.post(
      '/payment/scheduled-payment',
      { organisation: tenant.parentId, total_filter: 'QUEUED' },
      { token: tenant.admin.token },
    )
  ).body.data;
  return queued.map((p: { id: string }) => p.id);
}

const scheduledRows = async (ids: string[]) =>
  (await getDb()).select().from(scheduledPayments).where(inArray(scheduledPayments.id, ids));
const auditsOf = async (transactionId: string) =>
  (await getDb())
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.entityId, transactionId), eq(auditRecords.type, 'transaction:payment')));

describe('scheduled charges settled in groups', () => {
  it('six charges in flight together: each COMPLETE once, with its audit record and both events, in fewer statements than charges', async () => {
    const tenant = await createTenant('Grouped');
    const endpoint = await subscribe(tenant.parentId);
    const ids = await duePayments(tenant, 6);
    expect(ids).toHaveLength(6);
    let report;
    const groups = await countStatements(
      await getDb(),
      async () => {
        report = await runDueScheduledPayments(await getDb(), 50, { concurrency: 6 });
      },
      (query) => query.trimStart().startsWith('with charge'),
    );
    expect(report).toMatchObject({ completed: 6, failed: 0, unsettled: 0 });
    // The first answer is settled alone at once; the ones that arrived while it ran, together.
    expect(groups).toBeGreaterThanOrEqual(1);
    expect(groups).toBeLessThan(6);
    for (const row of await scheduledRows(ids)) {
      expect(row.status).toBe('COMPLETE');
      const [charge] = await (await getDb()).select().from(transactions).where(eq(transactions.id, row.transactionId!));
      expect(charge).toMatchObject({
        status: 'COMPLETE',
        stage: null,
        amount: row.amount,
        cardLastFour: expect.any(String),
        providerReference: expect.any(String),
      });
      expect(charge!.completedAt).not.toBeNull();
      expect(await auditsOf(charge!.id)).toHaveLength(1);
      expect((await eventsOf(charge!.id, 'transaction.completed')).length).toBe(1);
      expect((await eventsOf(row.id, 'scheduled_payment.completed')).length).toBe(1);
      const deliveries = await eventsOf(row.id, 'scheduled_payment.completed');
      expect(deliveries[0]!.organisationId).toBe(tenant.parentId);
    }
    expect(endpoint).toEqual(expect.any(String));
  });

  it('a charge its notification settled meanwhile goes the long way; one whose claim another runner took is paid but not completed by this one', async () => {
    const tenant = await createTenant('Moved');
    const ids = await duePayments(tenant, 3);
    const db = await getDb();
    const original = SandboxProcessor.prototype.chargeStoredCard;
    let calls = 0;
    vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockImplementation(async function (
      this: SandboxProcessor,
      input,
    ) {
      const result = await original.call(this, input);
      calls += 1;
      const [transaction] = await db.select().from(transactions).where(eq(transactions.id, input.reference));
      const [payment] = await db
        .select()
        .from(scheduledPayments)
        .where(eq(scheduledPayments.bookingId, transaction!.bookingId!));
      if (payment!.id === ids[0]) {
        // Its AUTHORISATION notification got there first (apply-authorisation.ts records it COMPLETE, with the
        // processor's reference; an audit record of the notification's own is left out here, to tell the paths apart).
        if (result.status !== 'authorised')
          throw new Error(`the sandbox declined a test card: ${JSON.stringify(result)}`);
        await db
          .update(transactions)
          .set({ status: 'COMPLETE', stage: null, providerReference: result.providerReference })
          .where(eq(transactions.id, transaction!.id));
      } else if (payment!.id === ids[1]) {
        // Another runner's claim now (a stale-claim take-over): this runner must not complete it.
        await db
          .update(scheduledPayments)
          .set({ claimedAt: new Date(payment!.claimedAt!.getTime() + 1000) })
          .where(eq(scheduledPayments.id, payment!.id));
      }
      return result;
    });
    await runDueScheduledPayments(db, 50, { concurrency: 3 });
    expect(calls).toBe(3);
    const rows = new Map((await scheduledRows(ids)).map((row) => [row.id, row]));
    const transactionOf = async (id: string) =>
      (
        await db
          .select()
          .from(transactions)
          .where(eq(transactions.bookingId, rows.get(id)!.bookingId))
      ).find((t) => t.paymentLinkId === null)!;

    const notified = await transactionOf(ids[0]!);
    // Settled once (no second audit record, not released as "no longer in progress"), and the runner completes its payment.
    expect(notified.status).toBe('COMPLETE');
    expect(await auditsOf(notified.id)).toHaveLength(0);
    expect(rows.get(ids[0]!)).toMatchObject({ status: 'COMPLETE', transactionId: notified.id });

    const takenOver = await transactionOf(ids[1]!);
    expect(takenOver.status).toBe('COMPLETE');
    expect(await auditsOf(takenOver.id)).toHaveLength(1);
    expect(rows.get(ids[1]!)).toMatchObject({ status: 'IN_PROGRESS', transactionId: null });
    expect(await eventsOf(ids[1]!, 'scheduled_payment.completed')).toHaveLength(0);

    const plain = await transactionOf(ids[2]!);
    expect(plain.status).toBe('COMPLETE');
    expect(rows.get(ids[2]!)).toMatchObject({ status: 'COMPLETE', transactionId: plain.id });
  });

  it('the sandbox stores the notifications of calls made while its INSERT runs together: six at once, two INSERTs', async () => {
    const db = await getDb();
    const references = Array.from({ length: 6 }, (_, i) => `GROUPED-${Date.now().toString(36)}-${i}`);
    const inserts = await countStatements(
      db,
      () =>
        Promise.all(
          references.map((pspReference) =>
            sendSandboxNotifications(db, [
              { eventCode: 'AUTHORISATION', success: true, pspReference, merchantReference: pspReference },
            ]),
          ),
        ),
      (query) => query.trimStart().startsWith('insert into processor_notifications'),
    );
    // The first call's INSERT runs at once; the five made while it ran go together in the next.
    expect(inserts).toBe(2);
    const stored = await db
      .select()
      .from(processorNotifications)
      .where(inArray(processorNotifications.pspReference, references));
    expect(stored.map((n) => n.pspReference).sort()).toEqual([...references].sort());
  });
});
