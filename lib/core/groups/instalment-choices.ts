import type { MemberLink } from './member-link-states';

/** One way to pay from a member's link: the link itself and the other links paid with it, in due order. */
export type InstalmentChoice = {
  /** The other links this payment also pays (transactions.covered_link_ids); empty: this instalment alone. */
  covered: string[];
  /** How many instalments the payment pays. */
  count: number;
  /** Their sum, before any surcharge. */
  amount: number;
  /** Unpaid instalments with a due date left after this payment: what automatic collection would collect. */
  remainingAfter: number;
  /** Those instalments in due order, before any surcharge (the opt-in shows each: collection-charge.ts). */
  collect: { amount: number; dueAt: Date }[];
};

/** The member's links that can be paid now, in due order: unpaid, nothing in progress on them, not expired. */
export function payableInOrder(links: MemberLink[], at: Date): MemberLink[] {
  return links.filter((l) => l.state === 'unpaid' && l.expiresAt.getTime() > at.getTime());
}

/**
 * What a member may pay from one of their links (docs/groups.md, "Member
 * checkout"): this instalment alone, or the member's unpaid instalments taken
 * in due order from the earliest, as many as they like up to all of them, as
 * long as this link is among them. Never part of an instalment, never a later
 * one before an earlier one in a payment of several. Nothing when this link
 * cannot be paid.
 */
export function instalmentChoices(pageLinkId: string, links: MemberLink[], at: Date): InstalmentChoice[] {
  const payable = payableInOrder(links, at);
  const index = payable.findIndex((l) => l.id === pageLinkId);
  if (index < 0) return [];
  const open = (paid: Set<string>) => links.filter((l) => l.state === 'unpaid' && l.dueAt && !paid.has(l.id));
  const choice = (ids: string[]): InstalmentChoice => {
    const left = open(new Set(ids));
    return {
      covered: ids.filter((id) => id !== pageLinkId),
      count: ids.length,
      amount: links.filter((l) => ids.includes(l.id)).reduce((sum, l) => sum + l.amount, 0),
      remainingAfter: left.length,
      collect: left.map((l) => ({ amount: l.amount, dueAt: l.dueAt! })),
    };
  };
  const choices = [choice([pageLinkId])];
  for (let count = Math.max(index + 1, 2); count <= payable.length; count += 1) {
    choices.push(choice(payable.slice(0, count).map((l) => l.id)));
  }
  return choices;
}

/**
 * The choice a payment names (the page link and the other links it covers),
 * when it is one of the member's choices now; null otherwise: another member's
 * link, one paid, deleted, expired or being paid, a duplicate, or a selection
 * that skips an earlier unpaid instalment.
 */
export function chosenInstalments(
  pageLinkId: string,
  covered: readonly string[],
  links: MemberLink[],
  at: Date,
): InstalmentChoice | null {
  if (new Set(covered).size !== covered.length) return null;
  const wanted = [...covered].sort().join(',');
  return instalmentChoices(pageLinkId, links, at).find((c) => [...c.covered].sort().join(',') === wanted) ?? null;
}
