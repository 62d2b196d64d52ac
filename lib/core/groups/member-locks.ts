import { eq, sql } from 'drizzle-orm';
import { paymentLinks } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import type { Tx } from '@/lib/db/types';

/*
 * THE lock order for a group's rows (docs/groups.md, "Lock order"; issue 16 item 12), written once:
 *
 *   1. the group row (lockGroup), when the change is the group's (portal, organiser);
 *   2. the member rows, in id order;
 *   3. their live links, in id order;
 *   4. then anything else: scheduled payments, saved cards, audit, events.
 *
 * A payment's own transaction row comes before all of these when the payment is settled or reversed
 * (its guarded UPDATE is the claim), and nothing that holds a member or a link waits for an existing
 * transaction row, so that is no cycle either. Every path that touches a member row or a member's
 * links and may wait calls lockMembersAndLinks (or lockMemberOfLink) before its first such touch:
 * a payment starting (startTransaction), a payment settling (settleMemberPayment, which opts in to
 * automatic collection), a payment reversed (finishModification), the schedule change and removal
 * (lockLiveLinks), the organiser's opt-out (turnOffAutoCollect). The runner takes links with SKIP
 * LOCKED, which never waits, so it cannot close a cycle. Two orders deadlocked: a payment of several
 * instalments ticking "collect the rest automatically" settled its links, then updated the member,
 * while a schedule change or an opt-out held the member and waited for those links or collections
 * (tests/integration/groups/group-lock-order.test.ts).
 */

export type LockScope = { groupId: string; memberId?: string } | { memberId: string };

/**
 * Locks (FOR UPDATE) the member rows of the scope, then their live links, each in id order. A group
 * scope takes its live members (or the one named, if live); a member scope takes that member whatever
 * its state (a payment of a removed member then finds its link deleted).
 */
export async function lockMembersAndLinks(tx: Tx, scope: LockScope): Promise<void> {
  const members =
    'groupId' in scope
      ? sql`m.group_id = ${scope.groupId} and m.removed_at is null ${scope.memberId ? sql`and m.id = ${scope.memberId}` : sql``}`
      : sql`m.id = ${scope.memberId}`;
  await queryRows(tx, sql`select m.id from group_members m where ${members} order by m.id for update`);
  await queryRows(
    tx,
    sql`
    select l.id from payment_links l join group_members m on m.id = l.group_member_id
    where ${members} and l.deleted_at is null
    order by l.id for update of l`,
  );
}

/** The member of a payment link (none for a link of no member) and their links, locked as above. */
export async function lockMemberOfLink(tx: Tx, linkId: string | null): Promise<string | null> {
  if (!linkId) return null;
  const [link] = await tx
    .select({ memberId: paymentLinks.groupMemberId })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, linkId));
  if (!link?.memberId) return null;
  await lockMembersAndLinks(tx, { memberId: link.memberId });
  return link.memberId;
}
