import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { memberTurnOffAutoCollect } from '@/lib/core/groups/member-auto-collect-off';
import { loadMemberPage } from '@/lib/core/groups/member-page';
import { removeMember } from '@/lib/core/groups/remove-member';
import { getDb } from '@/lib/db/client';
import { auditRecords, groupMembers } from '@/lib/db/schema';
import { AppError } from '@/lib/http/app-error';
import { runUntilIdle } from '@/lib/runner/run-once';
import { resetClock } from '@/lib/sandbox/test-clock';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { advanceDays, collectionGroup, collectionsOf, paymentsOn } from './collection-support';
import { inDays } from './group-support';

/*
 * A member's own page (issue 17 item 15; lib/core/groups/member-page.ts) and the member turning
 * automatic collection off themselves (member-auto-collect-off.ts): the queued collections are
 * cancelled, the change is audited as the member, and the runner then collects nothing of theirs.
 */
withTestDatabase();
afterEach(async () => {
  await resetClock(await getDb());
});

const threeInstalments = [
  { amount: 10000, due_at: inDays(10) },
  { amount: 10000, due_at: inDays(40) },
  { amount: 10000, due_at: inDays(70) },
];

describe("the member's own page", () => {
  it('shows the schedule with when each instalment was paid or will be collected, and the stored card', async () => {
    const { group } = await collectionGroup({ members: 1, installments: threeInstalments });
    const member = group.members[0]!;
    const [l1, l2, l3] = member.payment_links;
    // From any of the member's links, the same page.
    const page = (await loadMemberPage(await getDb(), l3!.id))!;
    expect(page).toMatchObject({
      memberId: member.id,
      memberName: 'Member 1',
      share: 30000,
      paid: 10000,
      remaining: 20000,
      autoCollect: true,
      card: { brand: 'VISA', lastFour: '1111' },
      storeCardLinkId: l2!.id,
    });
    expect(page.instalments.map((i) => [i.linkId, i.sequence, i.amount, i.state])).toEqual([
      [l1!.id, 1, 10000, 'paid'],
      [l2!.id, 2, 10000, 'unpaid'],
      [l3!.id, 3, 10000, 'unpaid'],
    ]);
    expect(page.instalments[0]!.paidAt).toBeInstanceOf(Date);
    expect(page.instalments[0]!.collectAt).toBeNull();
    expect(page.instalments[1]!.paidAt).toBeNull();
    expect(page.instalments[1]!.collectAt?.toISOString()).toBe(new Date(l2!.due_at).toISOString());
    expect((await loadMemberPage(await getDb(), l1!.id))?.linkId).toBe(l1!.id);
  });

  it('is no page for a link of no member, an unknown id, or a removed member', async () => {
    const { tenant, group } = await collectionGroup({ members: 2, optIn: 0 });
    const db = await getDb();
    expect(await loadMemberPage(db, 'not-a-uuid')).toBeNull();
    expect(await loadMemberPage(db, '3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e4f')).toBeNull();
    expect(await loadMemberPage(db, await createLinkVia(tenant.admin.token, tenant.parentId))).toBeNull();
    const removed = group.members[1]!;
    await removeMember(db, group.id, removed.id);
    expect(await loadMemberPage(db, removed.payment_links[0]!.id)).toBeNull();
    await expect(memberTurnOffAutoCollect(db, removed.payment_links[0]!.id)).rejects.toBeInstanceOf(AppError);
  });

  it('replacing the card: paying the next instalment with another card and ticking moves the rest to it', async () => {
    const { group } = await collectionGroup({ members: 1, installments: threeInstalments });
    const [, l2, l3] = group.members[0]!.payment_links;
    expect(await pay(l2!.id, cards.mastercardDebit, { storeCard: true })).toMatchObject({ outcome: 'paid' });
    const page = (await loadMemberPage(await getDb(), l2!.id))!;
    expect(page.card).toMatchObject({ brand: 'MASTER', lastFour: '4444' });
    expect(page.instalments.map((i) => i.state)).toEqual(['paid', 'paid', 'unpaid']);
    // One instalment left: paying it leaves nothing to collect, so no "use another card" is offered.
    expect(page.storeCardLinkId).toBeNull();
    const [member] = await (await getDb()).select().from(groupMembers).where(eq(groupMembers.id, page.memberId));
    const [queued] = await collectionsOf([l3!.id]);
    expect(queued).toMatchObject({ status: 'QUEUED', savedCardId: member!.savedCardId });
  });
});

describe('the member turns automatic collection off', () => {
  it('cancels their queued collections, audits it as the member, and the runner no longer collects them', async () => {
    const { tenant, group } = await collectionGroup({ members: 2 });
    const [member, other] = group.members;
    const db = await getDb();
    const [queued] = await collectionsOf([member!.payment_links[1]!.id]);
    const done = await memberTurnOffAutoCollect(db, member!.payment_links[1]!.id);
    expect(done).toEqual({ member_id: member!.id, auto_collect: false, cancelled_scheduled_payments: [queued!.id] });
    expect((await collectionsOf([member!.payment_links[1]!.id]))[0]).toMatchObject({
      status: 'CANCELLED',
      failureReason: 'auto_collect_off',
    });
    expect((await collectionsOf([other!.payment_links[1]!.id]))[0]).toMatchObject({ status: 'QUEUED' });
    const audit = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.organisationId, tenant.parentId), eq(auditRecords.entityId, member!.id)));
    expect(audit.map((a) => [a.type, a.actorKind, a.actorEmail, a.userId])).toEqual([
      ['payment-link-group:auto-collect-off', 'customer', 'member1@example.com', null],
    ]);
    const page = (await loadMemberPage(db, member!.payment_links[0]!.id))!;
    expect(page).toMatchObject({ autoCollect: false, card: null });
    expect(page.instalments[1]!.collectAt).toBeNull();
    // Again: nothing left to cancel, still off.
    expect((await memberTurnOffAutoCollect(db, member!.payment_links[0]!.id)).cancelled_scheduled_payments).toEqual([]);

    // Past the second due date the runner collects the other member's instalment and nothing of this member's.
    await advanceDays(41);
    await runUntilIdle(db);
    expect(await paymentsOn(member!.payment_links[1]!.id)).toEqual([]);
    expect(await paymentsOn(other!.payment_links[1]!.id)).toMatchObject([{ status: 'COMPLETE' }]);
  });
});
