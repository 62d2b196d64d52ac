import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMember } from '@/lib/core/groups/add-member';
import { removeMember } from '@/lib/core/groups/remove-member';
import { setSchedule } from '@/lib/core/groups/set-schedule';
import { getDb } from '@/lib/db/client';
import { auditRecords, groupMembers, paymentLinks, scheduledPayments } from '@/lib/db/schema';
import { createTenant } from '../support/fixtures';
import { pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { getGroupVia, groupVia, inDays } from './group-support';

withTestDatabase();

type Link = { id: string; amount: number; installment_sequence: number | null; due_at: string | null; status: string };
const read = async (token: string, id: string) => (await getGroupVia(token, id)).body.data;
const amounts = (links: Link[]) => links.map((l) => [l.installment_sequence, l.amount]);
const auditTypes = async (groupId: string) =>
  (await (await getDb()).select().from(auditRecords).where(eq(auditRecords.entityId, groupId))).map((a) => a.type);

/** A QUEUED automatic collection of a member link, as the collection part makes them. */
async function queueCollection(
  link: { id: string; amount: number; due_at: string },
  organisationId: string,
  bookingId: string,
) {
  const [row] = await (
    await getDb()
  )
    .insert(scheduledPayments)
    .values({
      organisationId,
      bookingId,
      paymentLinkId: link.id,
      amount: link.amount,
      currency: 'GBX',
      status: 'QUEUED',
      executeAfter: new Date(link.due_at),
    })
    .returning();
  return row!;
}

describe('addMember (portal)', () => {
  it('adds a member after the others with links split by the live schedule, and audits it', async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId);
    const { member_id } = await addMember(await getDb(), created.id, {
      customer_name: 'Cat',
      amount: 15000,
      email: 'cat@example.com',
    });
    const group = await read(admin.token, created.id);
    expect(group.members.map((m: { customer_name: string }) => m.customer_name)).toEqual(['Ann', 'Ben', 'Cat']);
    expect(group.members[2]).toMatchObject({ id: member_id, amount: 15000, email: 'cat@example.com' });
    expect(amounts(group.members[2].payment_links)).toEqual([
      [1, 5000],
      [2, 10000],
    ]);
    expect(group.totals.amounts.total).toBe(75000);
    expect(await auditTypes(created.id)).toContain('payment-link-group:add-member');
  });

  it('refuses when members are locked, a bad member, and a share too small for the schedule', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const locked = await groupVia(admin.token, parentId, { members_locked: true });
    await expect(addMember(db, locked.id, { customer_name: 'Cat', amount: 100 })).rejects.toMatchObject({
      code: 'group.members_locked',
    });
    const open = await groupVia(admin.token, parentId);
    await expect(addMember(db, open.id, { customer_name: '', amount: 100 })).rejects.toMatchObject({
      code: 'validation.failed',
    });
    await expect(addMember(db, open.id, { customer_name: 'Cat', amount: 1 })).rejects.toMatchObject({
      code: 'group.share_too_small',
    });
    await expect(
      addMember(db, '00000000-0000-4000-8000-000000000000', { customer_name: 'Cat', amount: 100 }),
    ).rejects.toMatchObject({ code: 'resource.not_found' });
    expect((await read(admin.token, open.id)).members).toHaveLength(2);
  });
});

describe('removeMember (portal)', () => {
  it('soft-deletes an unpaid member: removed_at, links deleted, collections cancelled, gone from the group', async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId);
    const ben = created.members[1];
    const collection = await queueCollection(ben.payment_links[1], parentId, created.booking_id);
    const db = await getDb();
    await removeMember(db, created.id, ben.id);
    const group = await read(admin.token, created.id);
    expect(group.members.map((m: { id: string }) => m.id)).toEqual([created.members[0].id]);
    expect(group.totals.amounts.total).toBe(30000);
    const [member] = await db.select().from(groupMembers).where(eq(groupMembers.id, ben.id));
    expect(member!.removedAt).not.toBeNull();
    const links = await db
      .select()
      .from(paymentLinks)
      .where(
        inArray(
          paymentLinks.id,
          ben.payment_links.map((l: Link) => l.id),
        ),
      );
    expect(links.every((l) => l.deletedAt !== null)).toBe(true);
    const [cancelled] = await db.select().from(scheduledPayments).where(eq(scheduledPayments.id, collection.id));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', failureReason: 'group_member_removed' });
    expect(await auditTypes(created.id)).toContain('payment-link-group:remove-member');
    await expect(removeMember(db, created.id, ben.id)).rejects.toMatchObject({ code: 'group.member_not_found' });
  });

  it("never removes a member who has paid anything, nor when members are locked, nor another group's member", async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const created = await groupVia(admin.token, parentId);
    await pay(created.members[0].payment_links[1].id);
    await expect(removeMember(db, created.id, created.members[0].id)).rejects.toMatchObject({
      code: 'group.member_has_paid',
    });
    const locked = await groupVia(admin.token, parentId, { members_locked: true });
    await expect(removeMember(db, locked.id, locked.members[0].id)).rejects.toMatchObject({
      code: 'group.members_locked',
    });
    await expect(removeMember(db, created.id, locked.members[0].id)).rejects.toMatchObject({
      code: 'group.member_not_found',
    });
    expect((await read(admin.token, created.id)).members).toHaveLength(2);
  });
});

describe('setSchedule (portal)', () => {
  it("replaces the schedule and re-splits every member's open links; unchanged links keep their ids", async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId, {
      members: [
        { customer_name: 'Ann', amount: 30000 },
        { customer_name: 'Ben', amount: 15000 },
      ],
    });
    const db = await getDb();
    const result = await setSchedule(db, created.id, {
      installments: [
        { amount: 10000, due_at: inDays(10) },
        { amount: 10000, due_at: inDays(30) },
        { amount: 10000, due_at: inDays(50) },
      ],
    });
    expect(result.installments.map((i) => [i.sequence, i.amount])).toEqual([
      [1, 10000],
      [2, 10000],
      [3, 10000],
    ]);
    const group = await read(admin.token, created.id);
    expect(
      group.installments.map((i: { sequence: number; amount: number; total: number }) => [
        i.sequence,
        i.amount,
        i.total,
      ]),
    ).toEqual([
      [1, 10000, 15000],
      [2, 10000, 15000],
      [3, 10000, 15000],
    ]);
    expect(amounts(group.members[0].payment_links)).toEqual([
      [1, 10000],
      [2, 10000],
      [3, 10000],
    ]);
    expect(amounts(group.members[1].payment_links)).toEqual([
      [1, 5000],
      [2, 5000],
      [3, 5000],
    ]);
    // Instalment 1 had the same due date, and Ann's amount for it is unchanged (10000): that link stays.
    expect(group.members[0].payment_links[0].id).toBe(created.members[0].payment_links[0].id);
    expect(group.members[0].payment_links[1].id).not.toBe(created.members[0].payment_links[1].id);
    expect(await auditTypes(created.id)).toContain('payment-link-group:set-schedule');
  });

  it('keeps every instalment somebody paid, re-splits what each member still owes over the others', async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId);
    const [ann, ben] = created.members;
    await pay(ann.payment_links[0].id);
    const db = await getDb();
    const keep = { amount: 10000, due_at: inDays(10) };
    await setSchedule(db, created.id, {
      installments: [keep, { amount: 10000, due_at: inDays(20) }, { amount: 10000, due_at: inDays(60) }],
    });
    const group = await read(admin.token, created.id);
    for (const member of group.members)
      expect(amounts(member.payment_links)).toEqual([
        [1, 10000],
        [2, 10000],
        [3, 10000],
      ]);
    expect(group.members[0].payment_links[0]).toMatchObject({ id: ann.payment_links[0].id, status: 'paid' });
    expect(group.members[1].payment_links[0].id).toBe(ben.payment_links[0].id);
    expect(group.members[0]).toMatchObject({ paid_amount: 10000, remaining: 20000 });

    await expect(
      setSchedule(db, created.id, {
        installments: [
          { amount: 10000, due_at: inDays(11) },
          { amount: 20000, due_at: inDays(60) },
        ],
      }),
    ).rejects.toMatchObject({ code: 'group.paid_instalment_changed' });
    await expect(
      setSchedule(db, created.id, { installments: [{ amount: 30000, due_at: inDays(60) }] }),
    ).rejects.toMatchObject({ code: 'group.paid_instalment_changed' });
    await expect(setSchedule(db, created.id, { installments: [] })).rejects.toMatchObject({
      code: 'group.paid_instalment_changed',
    });
  });

  it('applies the rules of creation, and refuses when the schedule is locked', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const created = await groupVia(admin.token, parentId);
    const many = Array.from({ length: 13 }, (_, i) => ({ amount: i === 0 ? 18000 : 1000, due_at: inDays(5 + i) }));
    await expect(setSchedule(db, created.id, { installments: many })).rejects.toMatchObject({
      code: 'group.too_many_instalments',
    });
    await expect(
      setSchedule(db, created.id, {
        installments: [
          { amount: 20000, due_at: inDays(9) },
          { amount: 10000, due_at: inDays(8) },
        ],
      }),
    ).rejects.toMatchObject({ code: 'group.due_dates_not_ascending' });
    await expect(
      setSchedule(db, created.id, {
        installments: [
          { amount: 20000, due_at: inDays(-3) },
          { amount: 10000, due_at: inDays(8) },
        ],
      }),
    ).rejects.toMatchObject({ code: 'group.due_date_past' });
    await expect(
      setSchedule(db, created.id, { installments: [{ amount: 20000, due_at: inDays(5) }] }),
    ).rejects.toMatchObject({ code: 'group.schedule_sum_mismatch' });
    await expect(
      setSchedule(db, created.id, { installments: [{ amount: 0, due_at: inDays(5) }] }),
    ).rejects.toMatchObject({ code: 'validation.failed' });
    const locked = await groupVia(admin.token, parentId, { installments_locked: true });
    await expect(setSchedule(db, locked.id, { installments: [] })).rejects.toMatchObject({
      code: 'group.installments_locked',
    });
    expect((await read(admin.token, created.id)).installments).toHaveLength(2);
  });

  it('removes the schedule (one link each for the whole share) and sets one later', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const created = await groupVia(admin.token, parentId);
    await setSchedule(db, created.id, { installments: [] });
    let group = await read(admin.token, created.id);
    expect(group.installments).toEqual([]);
    for (const member of group.members) expect(amounts(member.payment_links)).toEqual([[null, 30000]]);
    await setSchedule(db, created.id, {
      installments: [
        { amount: 15000, due_at: inDays(15) },
        { amount: 15000, due_at: inDays(90) },
      ],
    });
    group = await read(admin.token, created.id);
    for (const member of group.members)
      expect(amounts(member.payment_links)).toEqual([
        [1, 15000],
        [2, 15000],
      ]);
    // The links now live to the end of the new final due date.
    const [link] = await db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.id, group.members[0].payment_links[1].id));
    expect(link!.expiresAt.toISOString()).toBe(`${inDays(90)}T23:59:59.999Z`);
  });

  it('moves a queued automatic collection of a replaced link to the new link', async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId);
    const ann = created.members[0];
    const old = await queueCollection(ann.payment_links[1], parentId, created.booking_id);
    const db = await getDb();
    await setSchedule(db, created.id, {
      installments: [
        { amount: 10000, due_at: inDays(10) },
        { amount: 20000, due_at: inDays(45) },
      ],
    });
    const [cancelled] = await db.select().from(scheduledPayments).where(eq(scheduledPayments.id, old.id));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', failureReason: 'group_schedule_changed' });
    const group = await read(admin.token, created.id);
    const newLink = group.members[0].payment_links[1];
    const moved = await db
      .select()
      .from(scheduledPayments)
      .where(and(eq(scheduledPayments.paymentLinkId, newLink.id), eq(scheduledPayments.status, 'QUEUED')));
    expect(moved).toHaveLength(1);
    expect(moved[0]!.executeAfter.toISOString()).toBe(`${inDays(45)}T00:00:00.000Z`);
    expect(moved[0]!.amount).toBe(20000);
  });
});
