import { eq } from 'drizzle-orm';
import { groupMembers } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { instalmentChoices, type InstalmentChoice } from '../groups/instalment-choices';
import { loadMemberLinks, type MemberLink } from '../groups/member-link-states';

export type MemberInstalment = {
  linkId: string;
  sequence: number | null;
  amount: number;
  dueAt: Date | null;
  status: MemberLink['state'];
  /** The link this page is. */
  current: boolean;
};

/** What a group member's link page shows of their share (docs/groups.md, "Member checkout"). */
export type MemberCheckout = {
  share: number;
  paid: number;
  /** What is not paid yet (in progress included). */
  remaining: number;
  next: MemberInstalment | null;
  instalments: MemberInstalment[];
  /** What may be paid from this link now: this instalment alone first, then more in due order. */
  choices: InstalmentChoice[];
  /** The payment paying this link when it is not the link's own (another link's payment covers it). */
  coveringPaymentId: string | null;
  /** This link's automatic collection is being charged right now: nothing to pay here until it lands. */
  collecting: boolean;
};

/** The member view of a link, or null for a link of no member (or a member removed from the group). */
export async function loadMemberCheckout(
  db: Executor,
  link: { id: string; groupMemberId: string | null },
  at: Date,
): Promise<MemberCheckout | null> {
  if (!link.groupMemberId) return null;
  const [member] = await db
    .select({ amount: groupMembers.amount, removedAt: groupMembers.removedAt })
    .from(groupMembers)
    .where(eq(groupMembers.id, link.groupMemberId));
  if (!member || member.removedAt) return null;
  const links = await loadMemberLinks(db, link.groupMemberId);
  const instalments = links.map((l) => ({
    linkId: l.id,
    sequence: l.sequence,
    amount: l.amount,
    dueAt: l.dueAt,
    status: l.state,
    current: l.id === link.id,
  }));
  const paid = links.filter((l) => l.state === 'paid').reduce((sum, l) => sum + l.amount, 0);
  const page = links.find((l) => l.id === link.id);
  return {
    share: member.amount,
    paid,
    remaining: Math.max(0, member.amount - paid),
    next: instalments.find((i) => i.status !== 'paid') ?? null,
    instalments,
    choices: instalmentChoices(link.id, links, at),
    coveringPaymentId: page?.paymentId ?? null,
    collecting: page?.state === 'in_progress' && !page.paymentId,
  };
}

/**
 * The choice the page shows (its `pay` query: how many instalments), or this
 * instalment alone when the query names no choice there is. Null when the link
 * cannot be paid (or is no member's).
 */
export function chosenPayment(
  member: MemberCheckout | null | undefined,
  pay: string | string[] | undefined,
): InstalmentChoice | null {
  const choices = member?.choices ?? [];
  const count = Number(Array.isArray(pay) ? pay[0] : pay);
  return choices.find((c) => c.count === count) ?? choices[0] ?? null;
}
