import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setSchedule } from '@/lib/core/groups/set-schedule';
import { turnOffAutoCollect } from '@/lib/core/groups/turn-off-auto-collect';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { queryRows } from '@/lib/db/query-rows';
import { groupMembers, paymentLinks, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { card, cards } from '../support/payments';
import { actorFor, sleep, viaService as viaAppErrors, withRaceDatabases, type Outcome } from '../support/races';
import { collectionGroup, type Member } from './collection-support';
import { inDays } from './group-support';

/*
 * Issue 16 item 12: one lock order for a group's rows (lib/core/groups/member-locks.ts: group, member
 * rows, links in id order, then anything else). The settlement of a member's payment of several
 * instalments that ticks "collect the rest automatically" used to lock the links it settles, then the
 * member row (enableAutoCollect); the portal's schedule change and the organiser's opt-out lock the
 * member first. On PostgreSQL the interleaving is forced, not hoped for: a third connection holds the
 * row lock of one of the member's queued collections, so the settlement stops right after its first
 * locks; the portal change starts and waits too; then the holder lets go. With two orders that is a
 * deadlock (40P01: the payment is left unsettled, or the change fails); with one order the change
 * waits for the payment and both succeed. PGlite has one connection: there the two run one after the
 * other and the test checks only that both succeed.
 */
const dbs = withRaceDatabases();

/** viaService, with a database error's SQLSTATE as its code (a deadlock reads `500 40P01`). */
async function viaService(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return await viaAppErrors(async () => {
      try {
        return await call();
      } catch (error) {
        const state = (error as { cause?: { code?: string } }).cause?.code;
        throw state ? new Error(`SQLSTATE ${state}`) : error;
      }
    });
  } catch (error) {
    return { status: 500, code: String(error) };
  }
}
const installments = [10, 20, 30, 40].map((days) => ({ amount: 10000, due_at: inDays(days) }));

/** Ann paid instalment 1 ticking "store my card": instalments 2, 3 and 4 have a QUEUED collection each. */
async function optedIn() {
  const { tenant, group } = await collectionGroup({ members: 2, optIn: 1, installments });
  const ann = group.members[0] as Member;
  const [link2, link3] = [ann.payment_links[1]!.id, ann.payment_links[2]!.id];
  const [queued] = await dbs
    .primary()
    .db.select({ id: scheduledPayments.id })
    .from(scheduledPayments)
    .where(eq(scheduledPayments.paymentLinkId, link2));
  return { tenant, group, ann, link2, link3, collectionId: queued!.id };
}

/** Ann pays instalments 2 and 3 at once and ticks "collect the rest automatically" (instalment 4 remains). */
const payTwo = (db: Db, link2: string, link3: string) =>
  viaService(() =>
    payByCard(db, {
      checkoutId: link2,
      coveredLinkIds: [link3],
      storeCard: true,
      method: card(cards.visa),
      returnUrl: 'http://localhost/return',
    }),
  );

/** Backends of this database waiting for a lock. */
async function lockWaiters(): Promise<number> {
  const [row] = await queryRows<{ waiting: number }>(
    dbs.secondary().db,
    sql`
    select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(row?.waiting ?? 0);
}

async function untilWaiting(count: number, story: string) {
  for (let i = 0; i < 200; i++) {
    if ((await lockWaiters()) >= count) return;
    await sleep(25);
  }
  throw new Error(`${story}: ${count} backends never waited for a lock`);
}

/**
 * Runs the payment and `change` so that, on PostgreSQL, the payment's settlement holds its first
 * locks and waits (on the held collection) before `change` starts; `change` then waits too; then the
 * holder commits. On PGlite both simply run.
 */
async function race(
  collectionId: string,
  payment: () => Promise<Outcome>,
  change: () => Promise<Outcome>,
): Promise<[Outcome, Outcome]> {
  if (dbs.kind() !== 'postgres') return Promise.all([payment(), change()]);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: () => void;
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const holder = dbs.secondary().db.transaction(async (tx) => {
    await tx
      .select({ id: scheduledPayments.id })
      .from(scheduledPayments)
      .where(eq(scheduledPayments.id, collectionId))
      .for('update');
    held();
    await released;
  });
  await holding;
  const paid = payment();
  await untilWaiting(1, 'the payment');
  const changed = change();
  await untilWaiting(2, 'the change');
  release();
  await holder;
  return Promise.all([paid, changed]);
}

describe('one lock order: a payment that opts in to automatic collection, against the portal and the organiser', () => {
  it('queues a schedule change behind the payment instead of deadlocking', async () => {
    const { group, ann, link2, link3, collectionId } = await optedIn();
    // Instalments 1 to 3 stay as they are (paid); the fourth moves ten days later.
    const moved = [...installments.slice(0, 3), { amount: 10000, due_at: inDays(50) }];
    const [payment, change] = await race(
      collectionId,
      () => payTwo(dbs.primary().db, link2, link3),
      () => viaService(() => setSchedule(dbs.primary().db, group.id, { installments: moved })),
    );
    const story = `payment ${JSON.stringify(payment)} change ${JSON.stringify(change)}`;
    expect(payment.data, story).toMatchObject({ outcome: 'paid' });
    expect(change.status, story).toBe(200);
    // Ann's fourth instalment is collected on its new date, once.
    const db = dbs.primary().db;
    const [fourth] = await db
      .select()
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.groupMemberId, ann.id),
          eq(paymentLinks.instalmentSequence, 4),
          sql`${paymentLinks.deletedAt} is null`,
        ),
      );
    const collections = await db
      .select()
      .from(scheduledPayments)
      .where(and(eq(scheduledPayments.paymentLinkId, fourth!.id), eq(scheduledPayments.status, 'QUEUED')));
    expect(
      collections.map((c) => c.executeAfter.toISOString().slice(0, 10)),
      story,
    ).toEqual([inDays(50)]);
  });

  it("queues the organiser's opt-out behind the payment instead of deadlocking", async () => {
    const { tenant, group, ann, link2, link3, collectionId } = await optedIn();
    const actor = await actorFor(dbs.primary().db, tenant.admin.apiKeyId);
    const [payment, optOut] = await race(
      collectionId,
      () => payTwo(dbs.primary().db, link2, link3),
      () => viaService(() => turnOffAutoCollect(dbs.primary().db, actor, group.id, ann.id, { enabled: false })),
    );
    const story = `payment ${JSON.stringify(payment)} opt-out ${JSON.stringify(optOut)}`;
    expect(payment.data, story).toMatchObject({ outcome: 'paid' });
    expect(optOut.status, story).toBe(200);
    if (dbs.kind() !== 'postgres') return; // one after the other, in either order: the last word differs
    // The opt-out waited for the payment's opt-in and came last: nothing is collected any more.
    const db = dbs.primary().db;
    const [row] = await db.select().from(groupMembers).where(eq(groupMembers.id, ann.id));
    expect(row!.autoCollect, story).toBe(false);
    const live = await db
      .select()
      .from(scheduledPayments)
      .where(
        and(
          inArray(
            scheduledPayments.paymentLinkId,
            ann.payment_links.map((l) => l.id),
          ),
          eq(scheduledPayments.status, 'QUEUED'),
        ),
      );
    expect(live, story).toEqual([]);
  });
});
