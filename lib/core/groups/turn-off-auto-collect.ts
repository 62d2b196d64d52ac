import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { groupMembers, paymentLinks, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { NOT_STARTED_STATUSES } from '../scheduled-payments/cancel-booking-scheduled-payments';
import { requireAccessibleGroup } from './group-access';
import { lockGroup } from './lock-group';
import { lockMembersAndLinks } from './member-locks';

export const autoCollectParams = z.object({ payment_link_group_id: z.uuid(), member_id: z.uuid() });
export const autoCollectBody = z.object({ enabled: z.boolean() });

/**
 * The organiser turns a member's automatic collection off (PUT
 * .../members/{member_id}/auto-collect with `enabled: false`; see
 * docs/api-extensions.md). Turning it on is refused: only the member can
 * consent, by storing their card at checkout. Under the group's row lock: the
 * member's auto_collect is false and every collection of their instalments
 * not started yet is CANCELLED (`auto_collect_off`), with an audit record,
 * in one transaction. A collection the runner claimed already is cancelled by
 * the runner's own re-check (it reads auto_collect) unless its charge went out.
 */
export async function turnOffAutoCollect(
  db: Db,
  actor: Actor,
  groupId: string,
  memberId: string,
  body: z.output<typeof autoCollectBody>,
) {
  requireRole(actor, 'booking-and-payment:create:payment');
  const group = await requireAccessibleGroup(db, actor, groupId);
  if (body.enabled) {
    throw new AppError(
      'group.auto_collect_consent',
      'Only the member can turn automatic collection on, by storing their card at checkout; the organiser can only turn it off.',
    );
  }
  return db.transaction(async (tx) => {
    await lockGroup(tx, group.id);
    // The one order (member-locks.ts): the member, their links, then their collections.
    await lockMembersAndLinks(tx, { groupId: group.id, memberId });
    const [member] = await tx
      .update(groupMembers)
      .set({ autoCollect: false, updatedAt: now() })
      .where(and(eq(groupMembers.id, memberId), eq(groupMembers.groupId, group.id)))
      .returning({ id: groupMembers.id });
    if (!member) throw new AppError('group.member_not_found', 'No such member in this group.');
    const cancelled = await tx
      .update(scheduledPayments)
      .set({ status: 'CANCELLED', failureReason: 'auto_collect_off', nextAttemptAt: null, updatedAt: now() })
      .where(
        and(
          inArray(scheduledPayments.status, NOT_STARTED_STATUSES),
          inArray(
            scheduledPayments.paymentLinkId,
            tx.select({ id: paymentLinks.id }).from(paymentLinks).where(eq(paymentLinks.groupMemberId, member.id)),
          ),
        ),
      )
      .returning({ id: scheduledPayments.id });
    await recordAudit(tx, actor, {
      organisationId: group.organisationId,
      type: 'payment-link-group:auto-collect-off',
      entityId: member.id,
    });
    for (const { id } of cancelled)
      await recordAudit(tx, actor, {
        organisationId: group.organisationId,
        type: 'scheduled-payment:cancel',
        entityId: id,
      });
    return {
      member_id: member.id,
      auto_collect: false,
      cancelled_scheduled_payments: cancelled.map((c) => c.id).sort(),
    };
  });
}
