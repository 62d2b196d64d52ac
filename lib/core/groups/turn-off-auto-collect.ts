import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { groupMembers, paymentLinks, scheduledPayments } from '@/lib/db/schema';
import type { Db, Tx } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { recordAudit, type AuditActor } from '../audit/record-audit';
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
 * consent, by storing their card at checkout. The change: autoCollectOffInTransaction.
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
  return db.transaction((tx) =>
    autoCollectOffInTransaction(tx, actor, { groupId: group.id, organisationId: group.organisationId, memberId }),
  );
}

/**
 * The change itself, for the organiser (above) and the member (member-auto-collect-off.ts): under the
 * group's row lock, then the member and their links (member-locks.ts's one order), the member's
 * auto_collect goes false and every collection of theirs not started is CANCELLED (`auto_collect_off`),
 * audited as `actor`. The runner reads auto_collect again before it charges (cancelNotChargeable), so a
 * collection it has claimed already is cancelled there unless its charge went out.
 */
export async function autoCollectOffInTransaction(
  tx: Tx,
  actor: AuditActor,
  group: { groupId: string; organisationId: string; memberId: string },
) {
  await lockGroup(tx, group.groupId);
  // The one order (member-locks.ts): the member, their links, then their collections.
  await lockMembersAndLinks(tx, { groupId: group.groupId, memberId: group.memberId });
  const [member] = await tx
    .update(groupMembers)
    .set({ autoCollect: false, updatedAt: now() })
    .where(
      and(eq(groupMembers.id, group.memberId), eq(groupMembers.groupId, group.groupId), isNull(groupMembers.removedAt)),
    )
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
  return { member_id: member.id, auto_collect: false, cancelled_scheduled_payments: cancelled.map((c) => c.id).sort() };
}
