import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { groupInstalments, groupMembers } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import type { Db, Tx } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { parseInput } from '@/lib/http/validation';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { checkGroupRoom, checkLeaderAddition } from './group-limits';
import { memberInput } from './group-input';
import { insertLinks, memberLinkRows } from './member-links';
import { lockGroup } from './lock-group';
import { allocateShare } from './schedule-rules';
import { addedMemberRow } from './allocation';

/**
 * The leader adds a member (portal): `{ customer_name, amount, email? }`, the
 * member fields of create. Under the group's lock, so the schedule the new
 * links are split by is the live one. The share is split by the schedule as
 * weights (it need not equal anyone else's); each instalment gets at least one
 * minor unit, and its parts are chosen so that each instalment's total across
 * members stays exact (addedMemberRow). The booking's value is left as the
 * organiser set it. A member the leader adds owes at least
 * MIN_LEADER_MEMBER_SHARE, counts towards the group's LEADER_MEMBERS_PER_DAY
 * (group-limits.ts), and is marked `added_by_leader`, so the organisation's
 * approval setting can hold their emails. Nobody, leader or organiser, adds a
 * member to a group that already has MAX_MEMBERS live ones (checkGroupRoom).
 */
export async function addMember(
  db: Db,
  groupId: string,
  input: unknown,
  options: { by?: AuditActor } = {},
): Promise<{ member_id: string }> {
  const member = parseInput(memberInput, input);
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (group.membersLocked)
      throw new AppError(
        'group.members_locked',
        'The organiser has locked the member list: members cannot be added or removed.',
      );
    await checkGroupRoom(tx, groupId);
    const schedule = await tx
      .select()
      .from(groupInstalments)
      .where(and(eq(groupInstalments.groupId, groupId), isNull(groupInstalments.replacedAt)))
      .orderBy(asc(groupInstalments.sequence));
    const weights = schedule.map((i) => i.amount);
    allocateShare(member.amount, weights); // refused when the member's own split leaves an instalment nothing
    // The leader (no `by`, or a customer actor) is held to a minimum share and a daily number of additions, counted under the lock.
    const byLeader = !options.by || ('kind' in options.by && options.by.kind === 'customer');
    if (byLeader) await checkLeaderAddition(tx, groupId, member.amount);
    const parts = addedMemberRow(
      member.amount,
      weights,
      await instalmentColumns(
        tx,
        groupId,
        schedule.map((i) => i.sequence),
      ),
    );
    const [last] = await tx
      .select({ position: max(groupMembers.position) })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId));
    const at = now();
    const row = {
      id: randomUUID(),
      groupId,
      position: (last?.position ?? 0) + 1,
      customerName: member.customer_name,
      email: member.email ?? null,
      amount: member.amount,
      addedByLeader: byLeader,
      createdAt: at,
      updatedAt: at,
    };
    await tx.insert(groupMembers).values(row);
    await insertLinks(
      tx,
      memberLinkRows(
        group,
        row,
        parts.map((amount, i) => ({
          amount,
          sequence: schedule[i]?.sequence ?? null,
          dueAt: schedule[i]?.dueAt ?? null,
        })),
        at,
      ),
    );
    await recordAudit(tx, options.by ?? { kind: 'customer', email: group.leadEmail }, {
      organisationId: group.organisationId,
      type: 'payment-link-group:add-member',
      entityId: groupId,
    });
    return { member_id: row.id };
  });
}

/** Each live instalment's total across the live members' live links, in schedule order. */
async function instalmentColumns(tx: Tx, groupId: string, sequences: readonly number[]): Promise<number[]> {
  if (sequences.length === 0) return [];
  const rows = await queryRows<{ sequence: number; total: string | number }>(
    tx,
    sql`
    select l.instalment_sequence as sequence, sum(l.amount) as total
    from payment_links l join group_members m on m.id = l.group_member_id
    where m.group_id = ${groupId} and m.removed_at is null and l.deleted_at is null and l.instalment_sequence is not null
    group by l.instalment_sequence`,
  );
  return sequences.map((sequence) => Number(rows.find((row) => Number(row.sequence) === sequence)?.total ?? 0));
}
