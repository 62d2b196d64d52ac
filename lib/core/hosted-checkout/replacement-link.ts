import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { groupMembers, paymentLinks } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { loadMemberLinks } from '../groups/member-link-states';
import { isUuid } from '../shared/is-uuid';

/**
 * Where a group member's replaced link leads (docs/groups.md, "Replaced links"). A schedule change
 * (the portal's or the API's) deletes a member's open links and makes new ones, and a link may be
 * deleted through the API; the member still holds the emailed one. For a deleted link of a member
 * still in the group: their live link of the same instalment, else their first one not paid, else
 * their first one (a page showing that all is paid). Null for anything else (an unknown id, a link
 * of no member, a member removed, a member with no live link): that page is a 404.
 */
export async function findReplacementLink(db: Executor, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [old] = await db
    .select({ memberId: paymentLinks.groupMemberId, sequence: paymentLinks.instalmentSequence })
    .from(paymentLinks)
    .innerJoin(groupMembers, eq(groupMembers.id, paymentLinks.groupMemberId))
    .where(
      and(
        eq(paymentLinks.id, id),
        eq(paymentLinks.kind, 'payment_link'),
        isNotNull(paymentLinks.deletedAt),
        isNull(groupMembers.removedAt),
      ),
    );
  if (!old?.memberId) return null;
  const links = await loadMemberLinks(db, old.memberId);
  const same = old.sequence === null ? undefined : links.find((l) => l.sequence === old.sequence);
  return (same ?? links.find((l) => l.state !== 'paid') ?? links[0])?.id ?? null;
}

/** The pages' entry (pages never import lib/db). */
export const hostedReplacementLink = async (id: string) => findReplacementLink(await getDb(), id);
