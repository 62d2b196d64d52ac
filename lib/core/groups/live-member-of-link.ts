import { and, eq, isNull } from 'drizzle-orm';
import { groupMembers, paymentLinkGroups, paymentLinks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { isUuid } from '../shared/is-uuid';

/**
 * The member a link belongs to, when the link is live and the member not removed: the member's own actions on their
 * page (turning collection off, replacing the card) hold one of their links as they hold it to pay. Null for
 * anything else (not a uuid, a deleted link, a removed member, a link of no member).
 */
export async function liveMemberOfLink(db: Db, linkId: string) {
  if (!isUuid(linkId)) return null;
  const [row] = await db
    .select({
      memberId: groupMembers.id,
      groupId: groupMembers.groupId,
      autoCollect: groupMembers.autoCollect,
      organisationId: paymentLinkGroups.organisationId,
      bookingId: paymentLinkGroups.bookingId,
      currency: paymentLinkGroups.currency,
      /** The link's email: the member's, or the leader's when the member has none. */
      email: paymentLinks.email,
    })
    .from(paymentLinks)
    .innerJoin(groupMembers, eq(groupMembers.id, paymentLinks.groupMemberId))
    .innerJoin(paymentLinkGroups, eq(paymentLinkGroups.id, groupMembers.groupId))
    .where(
      and(eq(paymentLinks.id, linkId.toLowerCase()), isNull(paymentLinks.deletedAt), isNull(groupMembers.removedAt)),
    );
  return row ?? null;
}
