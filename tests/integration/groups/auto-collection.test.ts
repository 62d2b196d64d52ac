import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { groupMembers, paymentLinks, scheduledPayments } from '@/lib/db/schema';
import { runOnce, runUntilIdle } from '@/lib/runner/run-once';
import { resetClock } from '@/lib/sandbox/test-clock';
import { cards, pay } from '../support/payments';
import { ledgerRows, withRaceDatabases } from '../support/races';
import { advanceDays, collectionGroup, collectionsOf, paymentsOn } from './collection-support';
import { getGroupVia, inDays } from './group-support';

/*
 * Automatic collection of group instalments (docs/groups.md, "Automatic
 * collection and alerts"): a member's opt-in queues a scheduled payment of
 * their saved card per remaining instalment; the runner charges it on the due
 * date as the link's own payment, exactly once with two workers (two pools on
 * PostgreSQL), and cancels it instead when the link is paid, deleted, or its
 * member removed or opted out by the time it is charged.
 */
const dbs = withRaceDatabases();
afterEach(async () => {
  await resetClock(dbs.primary().db);
});

/** Two runners at once, one on each pool. */
const twoRunners = () => Promise.all([runOnce(dbs.primary().db), runOnce(dbs.secondary().db)]);

describe('collecting instalments of opted-in members', () => {
  it("charges each due instalment once with two workers, as the link's own payment, and the member is paid", async () => {
    const { tenant, group } = await collectionGroup({ members: 3 });
    const second = group.members.map((m) => m.payment_links[1]!.id);
    expect((await collectionsOf(second)).map((c) => c.status)).toEqual(['QUEUED', 'QUEUED', 'QUEUED']);
    // Not due yet: nothing is charged.
    await twoRunners();
    expect((await collectionsOf(second)).every((c) => c.status === 'QUEUED')).toBe(true);

    await advanceDays(41);
    // Batches of one, so that both workers take some of the instalments.
    const reports = (
      await Promise.all([runUntilIdle(dbs.primary().db, { batch: 1 }), runUntilIdle(dbs.secondary().db, { batch: 1 })])
    ).flat();
    expect(reports.reduce((n, r) => n + r.scheduled.completed, 0)).toBe(3);
    for (const linkId of second) {
      const [collection] = await collectionsOf([linkId]);
      const payments = await paymentsOn(linkId);
      expect(collection).toMatchObject({ status: 'COMPLETE', attempts: 1 });
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        id: collection!.transactionId,
        status: 'COMPLETE',
        amount: 20000,
        paymentLinkId: linkId,
        method: 'MOTO_OTHER',
      });
      expect(await ledgerRows(dbs.primary().db, [payments[0]!.id], 'charge_stored')).toHaveLength(1);
    }
    // Nothing left: more passes charge nothing.
    expect((await twoRunners()).reduce((n, r) => n + r.scheduled.completed, 0)).toBe(0);
    await resetClock(dbs.primary().db);
    const got = await getGroupVia(tenant.admin.token, group.id);
    expect(got.body.data.members.map((m: { status: string; remaining: number }) => [m.status, m.remaining])).toEqual([
      ['paid', 0],
      ['paid', 0],
      ['paid', 0],
    ]);
  });

  it.each([
    [
      'link_paid',
      async (linkId: string) => {
        // A covering payment settled it but its cancel of the collection did not land (a race): the runner's check still holds.
        const db = await getDb();
        const [first] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
        const [other] = await paymentsOn(
          (await db.select().from(paymentLinks).where(eq(paymentLinks.groupMemberId, first!.groupMemberId!))).find(
            (l) => l.instalmentSequence === 1,
          )!.id,
        );
        await db.update(paymentLinks).set({ settledByTransactionId: other!.id }).where(eq(paymentLinks.id, linkId));
      },
    ],
    [
      'link_deleted',
      async (linkId: string) => {
        await (await getDb()).update(paymentLinks).set({ deletedAt: new Date() }).where(eq(paymentLinks.id, linkId));
      },
    ],
    [
      'member_removed',
      async (linkId: string) => {
        const db = await getDb();
        const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
        await db.update(groupMembers).set({ removedAt: new Date() }).where(eq(groupMembers.id, link!.groupMemberId!));
      },
    ],
    [
      'auto_collect_off',
      async (linkId: string) => {
        const db = await getDb();
        const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
        await db.update(groupMembers).set({ autoCollect: false }).where(eq(groupMembers.id, link!.groupMemberId!));
      },
    ],
  ])('cancels instead of charging when %s by the time it is charged, in one guarded step', async (reason, change) => {
    const { group } = await collectionGroup({ members: 1 });
    const linkId = group.members[0]!.payment_links[1]!.id;
    await change(linkId);
    await advanceDays(41);
    const reports = await twoRunners();
    expect(reports.reduce((n, r) => n + r.scheduled.cancelled, 0)).toBe(1);
    const [collection] = await collectionsOf([linkId]);
    expect(collection).toMatchObject({ status: 'CANCELLED', failureReason: reason, transactionId: null });
    expect(await paymentsOn(linkId)).toHaveLength(0);
  });

  it("leaves the instalment to a member paying it right now (the link's live payment), and looks again later", async () => {
    // The second instalment falls due in 5 days, while its link is still open for the member to pay by hand.
    const { group } = await collectionGroup({
      members: 1,
      installments: [
        { amount: 10000, due_at: inDays(2) },
        { amount: 20000, due_at: inDays(5) },
      ],
    });
    const linkId = group.members[0]!.payment_links[1]!.id;
    // On the due date the member starts paying the same instalment by hand (stopped at 3-D Secure:
    // PAYMENTINPROGRESS on the link). Started after the clock moves, so that it is fresh: a payment left
    // at 3-D Secure for days is abandoned by whichever runner's pass gets there first, and with two
    // runners at once that could come before the other's collection step.
    await advanceDays(6);
    expect(await pay(linkId, cards.visa3ds)).toMatchObject({ outcome: 'challenge' });
    // Their payment cancelled nothing yet; put the collection back as a race would leave it.
    await (
      await getDb()
    )
      .update(scheduledPayments)
      .set({ status: 'QUEUED', failureReason: null })
      .where(eq(scheduledPayments.paymentLinkId, linkId));
    const reports = await twoRunners();
    expect(reports.reduce((n, r) => n + r.scheduled.retrying, 0)).toBe(1);
    const [collection] = await collectionsOf([linkId]);
    expect(collection).toMatchObject({
      status: 'QUEUED',
      failureReason: 'link_payment_in_progress',
      transactionId: null,
    });
    expect(collection!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // Only the member's own payment exists on the link, still at 3-D Secure: the runner wrote none.
    const payments = await paymentsOn(linkId);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.idempotencyKey).toBeNull();
  });
});
