import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '@/lib/core/groups/add-member';
import { removeMember } from '@/lib/core/groups/remove-member';
import { setSchedule } from '@/lib/core/groups/set-schedule';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { groupInstalments, groupMembers, paymentLinks, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { createTenant, type Tenant } from '../support/fixtures';
import { card, cards } from '../support/payments';
import { jitter, sleep, tally, viaService, withRaceDatabases, type Outcome } from '../support/races';
import { groupVia, inDays } from './group-support';

/*
 * The portal's changes take the group's row lock, and the member's links'
 * locks that a payment takes too: each race below is fired through two
 * independent pools (on PostgreSQL) over several rounds with jitter, and the
 * end state is checked for the one thing that must never happen.
 */
const dbs = withRaceDatabases();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant('GroupRace');
});

const ROUNDS = 8;
/** A payment does its checks before it takes its locks: the portal change waits 0 to 36 ms so that either may come first. */
const headStart = (round: number) => sleep((round % 4) * 12);
const pool = (i: number): Db => (i % 2 === 0 ? dbs.primary() : dbs.secondary()).db;
const payOn = (db: Db, checkoutId: string) =>
  payByCard(db, { checkoutId, method: card(cards.visa), returnUrl: 'http://localhost/return' });

async function liveLinks(groupId: string) {
  const db = dbs.primary().db;
  return db
    .select({
      memberId: paymentLinks.groupMemberId,
      sequence: paymentLinks.instalmentSequence,
      amount: paymentLinks.amount,
      dueAt: paymentLinks.dueAt,
    })
    .from(paymentLinks)
    .innerJoin(groupMembers, eq(groupMembers.id, paymentLinks.groupMemberId))
    .where(and(eq(groupMembers.groupId, groupId), isNull(groupMembers.removedAt), isNull(paymentLinks.deletedAt)));
}

/** Every live member's live links are exactly one per live instalment, summing to the member's share. */
async function expectConsistent(groupId: string, story: string) {
  const db = dbs.primary().db;
  const schedule = await db
    .select()
    .from(groupInstalments)
    .where(and(eq(groupInstalments.groupId, groupId), isNull(groupInstalments.replacedAt)));
  const members = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), isNull(groupMembers.removedAt)));
  const links = await liveLinks(groupId);
  for (const member of members) {
    const own = links.filter((l) => l.memberId === member.id);
    expect(own.map((l) => l.sequence).sort(), story).toEqual(schedule.map((i) => i.sequence).sort());
    expect(
      own.reduce((sum, l) => sum + l.amount, 0),
      story,
    ).toBe(member.amount);
    for (const link of own)
      expect(link.dueAt?.getTime(), story).toBe(schedule.find((i) => i.sequence === link.sequence)!.dueAt.getTime());
  }
  return { schedule, members };
}

describe('removeMember against a payment of that member', () => {
  it(`lets either the removal or the payment win, never both (${ROUNDS} rounds)`, async () => {
    const db = dbs.primary().db;
    const seen = { removed: 0, paid: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const group = await groupVia(tenant.admin.token, tenant.parentId);
      const member = group.members[1];
      const [removal, payment] = await Promise.all([
        (async (): Promise<Outcome> => {
          await headStart(round);
          return viaService(() => removeMember(pool(0), group.id, member.id));
        })(),
        (async (): Promise<Outcome> => {
          await jitter(round, 1);
          return viaService(() => payOn(pool(1), member.payment_links[0].id));
        })(),
      ]);
      const [row] = await db.select().from(groupMembers).where(eq(groupMembers.id, member.id));
      const paid = await db
        .select()
        .from(transactions)
        .where(
          and(
            inArray(
              transactions.paymentLinkId,
              member.payment_links.map((l: { id: string }) => l.id),
            ),
            eq(transactions.status, 'COMPLETE'),
          ),
        );
      const story = `round ${round}: removal ${JSON.stringify(removal)} payment ${JSON.stringify(payment)}`;
      if (removal.status === 200) {
        seen.removed += 1;
        expect(payment, story).toMatchObject({ status: 404, code: 'resource.not_found' });
        expect(row!.removedAt, story).not.toBeNull();
        expect(paid, story).toHaveLength(0);
      } else {
        seen.paid += 1;
        expect(removal, story).toMatchObject({ status: 409, code: 'group.member_has_paid' });
        expect(payment.data, story).toMatchObject({ outcome: 'paid' });
        expect(row!.removedAt, story).toBeNull();
        expect(paid, story).toHaveLength(1);
      }
    }
    expect(seen.removed + seen.paid).toBe(ROUNDS);
    console.info(JSON.stringify({ race: 'remove-member-vs-payment', db: dbs.kind(), winners: seen }));
  });

  it('removes a member once when two removals race', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const group = await groupVia(tenant.admin.token, tenant.parentId);
      const outcomes = await Promise.all(
        [0, 1].map(async (i) => {
          await jitter(round, i);
          return viaService(() => removeMember(pool(i), group.id, group.members[0].id));
        }),
      );
      expect(tally(outcomes), `round ${round}`).toEqual({ 200: 1, '404 group.member_not_found': 1 });
    }
  });
});

describe('setSchedule against setSchedule, addMember and a payment', () => {
  it("leaves exactly one of two racing schedules, with every member's links matching it", async () => {
    const first = [
      { amount: 10000, due_at: inDays(10) },
      { amount: 20000, due_at: inDays(40) },
    ];
    const a = [
      { amount: 15000, due_at: inDays(12) },
      { amount: 15000, due_at: inDays(50) },
    ];
    const b = [
      { amount: 5000, due_at: inDays(11) },
      { amount: 5000, due_at: inDays(20) },
      { amount: 20000, due_at: inDays(60) },
    ];
    for (let round = 0; round < ROUNDS; round++) {
      const group = await groupVia(tenant.admin.token, tenant.parentId, { installments: first });
      const outcomes = await Promise.all(
        [a, b].map(async (installments, i) => {
          await jitter(round, i);
          return viaService(() => setSchedule(pool(i), group.id, { installments }));
        }),
      );
      expect(
        outcomes.map((o) => o.status),
        `round ${round}`,
      ).toEqual([200, 200]);
      const { schedule } = await expectConsistent(group.id, `round ${round}`);
      const amounts = schedule.sort((x, y) => x.sequence - y.sequence).map((i) => i.amount);
      expect(
        [
          [15000, 15000],
          [5000, 5000, 20000],
        ],
        `round ${round}`,
      ).toContainEqual(amounts);
    }
  });

  it('gives a member added during a schedule change links that match the final schedule', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const group = await groupVia(tenant.admin.token, tenant.parentId);
      const outcomes = await Promise.all([
        (async () => {
          await jitter(round, 0);
          return viaService(() =>
            setSchedule(pool(0), group.id, {
              installments: [
                { amount: 10000, due_at: inDays(5) },
                { amount: 10000, due_at: inDays(6) },
                { amount: 10000, due_at: inDays(7) },
              ],
            }),
          );
        })(),
        (async () => {
          await jitter(round, 1);
          return viaService(() => addMember(pool(1), group.id, { customer_name: 'Late', amount: 9000 }));
        })(),
      ]);
      expect(
        outcomes.map((o) => o.status),
        `round ${round}`,
      ).toEqual([200, 200]);
      const { members } = await expectConsistent(group.id, `round ${round}`);
      expect(members).toHaveLength(3);
    }
  });

  it('never replaces an instalment link that a racing payment paid', async () => {
    const db = dbs.primary().db;
    const seen = { schedule: 0, payment: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const group = await groupVia(tenant.admin.token, tenant.parentId);
      const link = group.members[0].payment_links[0];
      const [change, payment] = await Promise.all([
        (async (): Promise<Outcome> => {
          await headStart(round);
          return viaService(() =>
            setSchedule(pool(0), group.id, { installments: [{ amount: 30000, due_at: inDays(30) }] }),
          );
        })(),
        (async (): Promise<Outcome> => {
          await jitter(round, 1);
          return viaService(() => payOn(pool(1), link.id));
        })(),
      ]);
      const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id));
      const story = `round ${round}: schedule ${JSON.stringify(change)} payment ${JSON.stringify(payment)}`;
      if (change.status === 200) {
        seen.schedule += 1;
        expect(payment, story).toMatchObject({ status: 404, code: 'resource.not_found' });
        expect(row!.deletedAt, story).not.toBeNull();
      } else {
        seen.payment += 1;
        expect(change, story).toMatchObject({ status: 409, code: 'group.paid_instalment_changed' });
        expect(payment.data, story).toMatchObject({ outcome: 'paid' });
        expect(row!.deletedAt, story).toBeNull();
      }
      await expectConsistent(group.id, story);
    }
    expect(seen.schedule + seen.payment).toBe(ROUNDS);
    console.info(JSON.stringify({ race: 'set-schedule-vs-payment', db: dbs.kind(), winners: seen }));
  });
});

describe('portal changes against a payment of several instalments at once', () => {
  it('never settles a replaced link, and never deadlocks (the member row, then links in id order)', async () => {
    const db = dbs.primary().db;
    const seen: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const group = await groupVia(tenant.admin.token, tenant.parentId);
      const [first, second] = group.members[0].payment_links.map((l: { id: string }) => l.id);
      const change =
        round % 2 === 0
          ? () =>
              setSchedule(pool(0), group.id, {
                installments: [
                  { amount: 10000, due_at: inDays(10) },
                  { amount: 10000, due_at: inDays(20) },
                  { amount: 10000, due_at: inDays(60) },
                ],
              })
          : () => removeMember(pool(0), group.id, group.members[0].id);
      const [changed, payment] = await Promise.all([
        (async (): Promise<Outcome> => {
          await headStart(round);
          return viaService(change);
        })(),
        (async (): Promise<Outcome> => {
          await jitter(round, 1);
          return viaService(() =>
            payByCard(pool(1), {
              checkoutId: first,
              coveredLinkIds: [second],
              method: card(cards.visa),
              returnUrl: 'http://localhost/return',
            }),
          );
        })(),
      ]);
      const story = `round ${round}: change ${JSON.stringify(changed)} payment ${JSON.stringify(payment)}`;
      expect([changed.status, payment.status], story).not.toContain(500);
      expect(changed.status === 200 && payment.status === 200, story).toBe(false);
      const [secondLink] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, second));
      expect(secondLink!.deletedAt !== null && secondLink!.settledByTransactionId !== null, story).toBe(false);
      const key = `${changed.status === 200 ? 'change' : 'payment'} won`;
      seen[key] = (seen[key] ?? 0) + 1;
    }
    console.info(JSON.stringify({ race: 'portal-change-vs-multi-instalment-payment', db: dbs.kind(), winners: seen }));
  });
});
