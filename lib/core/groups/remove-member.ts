import { and, eq, inArray, isNull } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { groupMembers, paymentLinks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { cancelLinkCollections } from './link-scheduled-payments';
import { lockGroup, lockLiveLinks } from './lock-group';

/**
 * The leader removes a member (portal). Under the group's lock and the
 * member's link locks: refused when members are locked, or when the member has
 * paid anything or a payment of theirs is under way (a payment starting locks
 * its link, so it and this cannot both win). Soft: the member gets `removed_at`,
 * their links `deleted_at`, their collections not yet started are CANCELLED.
 */
export async function removeMember(
  db: Db,
  groupId: string,
  memberId: string,
  options: { by?: AuditActor } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (group.membersLocked)
      throw new AppError(
        'group.members_locked',
        'The organiser has locked the member list: members cannot be added or removed.',
      );
    const [member] = await tx
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.id, memberId), eq(groupMembers.groupId, groupId), isNull(groupMembers.removedAt)));
    if (!member) throw new AppError('group.member_not_found', 'No such member in this group.');
    const links = await lockLiveLinks(tx, groupId, memberId);
    if (links.some((link) => link.busy))
      throw new AppError(
        'group.member_has_paid',
        'This member has paid (or is paying) part of their share and cannot be removed.',
      );
    const at = now();
    const by = options.by ?? { kind: 'customer' as const, email: group.leadEmail };
    const linkIds = links.map((link) => link.id);
    if (linkIds.length > 0)
      await tx.update(paymentLinks).set({ deletedAt: at, updatedAt: at }).where(inArray(paymentLinks.id, linkIds));
    await cancelLinkCollections(tx, by, linkIds, 'group_member_removed');
    await tx.update(groupMembers).set({ removedAt: at, updatedAt: at }).where(eq(groupMembers.id, memberId));
    await recordAudit(tx, by, {
      organisationId: group.organisationId,
      type: 'payment-link-group:remove-member',
      entityId: groupId,
    });
  });
}
