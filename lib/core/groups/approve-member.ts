import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { groupMembers } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { requireAccessibleGroup } from './group-access';
import { lockGroup } from './lock-group';

export const approveMemberParams = z.object({ payment_link_group_id: z.uuid(), member_id: z.uuid() });

/**
 * POST .../members/{member_id}/approve (docs/api-extensions.md): the organisation approves a
 * member the leader added, so their link may be emailed when the organisation requires that
 * (`leader_members_require_approval`). Once: a second approval answers the first's time. A member
 * the organiser added needs none (409 `group.member_not_leader_added`). Sends nothing by itself.
 */
export async function approveMember(db: Db, actor: Actor, groupId: string, memberId: string) {
  requireRole(actor, 'booking-and-payment:create:payment');
  const group = await requireAccessibleGroup(db, actor, groupId);
  return db.transaction(async (tx) => {
    await lockGroup(tx, group.id);
    const [member] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.id, memberId), eq(groupMembers.groupId, group.id), isNull(groupMembers.removedAt)));
    if (!member) throw new AppError('group.member_not_found', 'No such member in this group.');
    if (!member.addedByLeader)
      throw new AppError(
        'group.member_not_leader_added',
        'Only a member the leader added needs approval before being emailed.',
      );
    if (member.approvedAt) return { member_id: member.id, approved_at: member.approvedAt.toISOString() };
    const at = now();
    // Guarded in SQL: of two approvals racing, one writes the time and the audit record.
    const [approved] = await tx
      .update(groupMembers)
      .set({ approvedAt: at, updatedAt: at })
      .where(and(eq(groupMembers.id, member.id), isNull(groupMembers.approvedAt)))
      .returning({ id: groupMembers.id });
    if (approved)
      await recordAudit(tx, actor, {
        organisationId: group.organisationId,
        type: 'payment-link-group:approve-member',
        entityId: member.id,
      });
    return { member_id: member.id, approved_at: at.toISOString() };
  });
}
