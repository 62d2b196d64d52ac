import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { groupMembers, paymentLinks, scheduledPayments, transactions } from '@/lib/db/schema';
import { createTenant } from '../support/fixtures';
import { createGroupFixture } from '../support/groups';
import { cards, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const memberRow = async (id: string) =>
  (await (await getDb()).select().from(groupMembers).where(eq(groupMembers.id, id)))[0]!;
const collections = async (linkIds: string[]) =>
  (await getDb()).select().from(scheduledPayments).where(inArray(scheduledPayments.paymentLinkId, linkIds));
const live = (rows: (typeof scheduledPayments.$inferSelect)[]) =>
  rows.filter((r) => ['QUEUED', 'AWAITING_APPROVAL', 'IN_PROGRESS'].includes(r.status));

describe('storing a card for automatic collection (opt-in)', () => {
  it("opting in queues exactly one collection per remaining instalment, at its due date, for its amount, by the group's creator", async () => {
    const { admin, parentId } = await createTenant();
    const {
      bookingId,
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [3000, 2000, 1500, 1000]);
    const [l1, l2, l3, l4] = member!.links as [string, string, string, string];
    const outcome = await pay(l1, cards.visa, { coveredLinkIds: [], storeCard: true });
    expect(outcome).toMatchObject({ outcome: 'paid' });
    const [payment] = await (
      await getDb()
    )
      .select()
      .from(transactions)
      .where(eq(transactions.id, (outcome as { transactionId: string }).transactionId));
    expect(payment!.savedCardId).toBeTruthy();
    expect(await memberRow(member!.id)).toMatchObject({ autoCollect: true, savedCardId: payment!.savedCardId });
    const rows = await collections(member!.links);
    const links = await (
      await getDb()
    )
      .select()
      .from(paymentLinks)
      .where(inArray(paymentLinks.id, [l2, l3, l4]));
    expect(rows).toHaveLength(3);
    for (const link of links) {
      const row = rows.find((r) => r.paymentLinkId === link.id)!;
      expect(row).toMatchObject({
        status: 'QUEUED',
        amount: link.amount,
        currency: link.currency,
        savedCardId: payment!.savedCardId,
        userId: admin.userId,
        bookingId,
        organisationId: parentId,
      });
      expect(row.executeAfter.getTime()).toBe(link.dueAt!.getTime());
    }
    // Paying the next instalment by hand cancels its queued collection; opting in again queues nothing twice.
    const second = await pay(l2, cards.mastercardDebit, { storeCard: true });
    expect(second).toMatchObject({ outcome: 'paid' });
    const after = await collections(member!.links);
    expect(after.find((r) => r.paymentLinkId === l2)).toMatchObject({
      status: 'CANCELLED',
      failureReason: 'paid_at_checkout',
    });
    expect(
      live(after)
        .map((r) => r.paymentLinkId)
        .sort(),
    ).toEqual([l3, l4].sort());
    expect(after).toHaveLength(3);
    // The newer card collects from now on.
    const newer = (await memberRow(member!.id)).savedCardId;
    expect(newer).not.toBe(payment!.savedCardId);
    expect(live(after).every((r) => r.savedCardId === newer)).toBe(true);
  });

  it('without the tick, no collection is queued and the member does not auto-collect', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 1000, 1000]);
    expect(await pay(member!.links[0]!)).toMatchObject({ outcome: 'paid' });
    expect(await collections(member!.links)).toHaveLength(0);
    expect(await memberRow(member!.id)).toMatchObject({ autoCollect: false, savedCardId: null });
  });

  it('a card the link forces to be stored, or a tick the link hides, is not an opt-in', async () => {
    const { admin, parentId } = await createTenant();
    const forced = await createGroupFixture(admin, parentId, 1, [1000, 1000], {
      linkOptions: { store_card_forced: true },
    });
    expect(await pay(forced.members[0]!.links[0]!, cards.visa, { storeCard: true })).toMatchObject({ outcome: 'paid' });
    expect(await collections(forced.members[0]!.links)).toHaveLength(0);
    expect((await memberRow(forced.members[0]!.id)).autoCollect).toBe(false);
    const hidden = await createGroupFixture(admin, parentId, 1, [1000, 1000], {
      linkOptions: { hide_store_card: true },
    });
    expect(await pay(hidden.members[0]!.links[0]!, cards.visa, { storeCard: true })).toMatchObject({ outcome: 'paid' });
    expect(await collections(hidden.members[0]!.links)).toHaveLength(0);
    expect((await memberRow(hidden.members[0]!.id)).autoCollect).toBe(false);
  });

  it('paying the rest at once with the tick stores the card but has nothing to collect', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 1000]);
    const [l1, l2] = member!.links as [string, string];
    expect(await pay(l1, cards.visa, { coveredLinkIds: [l2], storeCard: true })).toMatchObject({ outcome: 'paid' });
    expect(await collections(member!.links)).toHaveLength(0);
    expect((await memberRow(member!.id)).autoCollect).toBe(false);
  });

  it('a payment of several instalments cancels the queued collections of every instalment it pays', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 1000, 1000, 1000]);
    const [l1, l2, l3, l4] = member!.links as [string, string, string, string];
    expect(await pay(l1, cards.visa, { storeCard: true })).toMatchObject({ outcome: 'paid' });
    expect(live(await collections(member!.links))).toHaveLength(3);
    expect(await pay(l2, cards.visa, { coveredLinkIds: [l3] })).toMatchObject({ outcome: 'paid' });
    const rows = await collections(member!.links);
    expect(live(rows).map((r) => r.paymentLinkId)).toEqual([l4]);
    expect(
      rows
        .filter((r) => r.status === 'CANCELLED')
        .map((r) => r.paymentLinkId)
        .sort(),
    ).toEqual([l2, l3].sort());
    // An IN_PROGRESS collection (the runner charging it) is never touched by the checkout.
    await (
      await getDb()
    )
      .update(scheduledPayments)
      .set({ status: 'IN_PROGRESS' })
      .where(and(eq(scheduledPayments.paymentLinkId, l4), eq(scheduledPayments.status, 'QUEUED')));
    await expect(pay(l4)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });
  });
});
