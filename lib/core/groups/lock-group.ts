import { eq, sql } from 'drizzle-orm';
import { paymentLinkGroups } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import type { Tx } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { linkBusySql } from './link-paid-sql';
import { lockMembersAndLinks } from './member-locks';

type Group = typeof paymentLinkGroups.$inferSelect;

/**
 * The group row, locked FOR UPDATE: every change to a group's members or
 * schedule takes this lock first (the first step of the order in
 * member-locks.ts), so two portal actions on one group run one after the
 * other and each sees what the other did.
 */
export async function lockGroup(tx: Tx, groupId: string): Promise<Group> {
  const [group] = await tx.select().from(paymentLinkGroups).where(eq(paymentLinkGroups.id, groupId)).for('update');
  if (!group) throw notFound('Group payment link');
  return group;
}

export type LockedLink = {
  id: string;
  member_id: string;
  instalment_sequence: number | null;
  amount: number;
  due_at: Date | null;
  /** Paid, being paid, or being collected: such a link is never deleted or changed. */
  busy: boolean;
};

/**
 * The live links of the group's live members (or of one member), locked in
 * the one order every path uses (lockMembersAndLinks, member-locks.ts: the
 * member rows, then the links in id order), so a portal change and a payment
 * queue rather than deadlock. Then read with what makes each busy: its own live payment (in progress,
 * held or complete), a live payment of another link covering it, a settlement,
 * or an automatic collection under way. The flags are read after the lock, in
 * a statement of their own, so they include what a payment that held the lock committed.
 */
export async function lockLiveLinks(tx: Tx, groupId: string, memberId?: string): Promise<LockedLink[]> {
  await lockMembersAndLinks(tx, { groupId, memberId });
  const memberFilter = memberId ? sql`and m.id = ${memberId}` : sql``;
  const rows = await queryRows<{
    id: string;
    member_id: string;
    instalment_sequence: number | null;
    amount: string | number;
    due_at: Date | string | null;
    busy: boolean;
  }>(
    tx,
    sql`
    select l.id, l.group_member_id as member_id, l.instalment_sequence, l.amount, l.due_at,
      ${linkBusySql('l')} as busy
    from payment_links l join group_members m on m.id = l.group_member_id
    where m.group_id = ${groupId} and m.removed_at is null and l.deleted_at is null ${memberFilter}`,
  );
  return rows.map((row) => ({
    ...row,
    amount: Number(row.amount),
    due_at: row.due_at === null ? null : new Date(row.due_at),
  }));
}
