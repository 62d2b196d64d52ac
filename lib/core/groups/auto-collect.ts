import { and, eq, isNull } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { groupMembers, paymentLinkGroups, scheduledPayments } from '@/lib/db/schema';
import type { Tx } from '@/lib/db/types';
import { collectionCharge, loadSurchargeRules, savedCardFacts } from './collection-charge';
import { loadMemberLinks } from './member-link-states';

/**
 * The member stored a card at checkout to have their remaining instalments
 * collected on their due dates (docs/groups.md, "Member checkout"). In the
 * SQL transaction that records the payment: the member gets auto_collect and
 * the card, and every unpaid instalment link of theirs with a due date (not
 * paid, settled or being paid) gets one QUEUED scheduled payment of that card
 * for its amount plus the card's surcharge (collectionCharge: what the opt-in
 * showed) at its due date, created by the group's creator. No approval
 * step: the member's tick at checkout is the approval. The unique index
 * scheduled_payments_one_live_per_link_uq keeps it to one live collection per
 * link, however often the member opts in (a later opt-in moves the queued
 * ones to the newer card). Nothing when no instalment with a due date
 * remains. Returns how many were queued.
 */
export async function enableAutoCollect(
  tx: Tx,
  { memberId, savedCardId, checkoutLinkId }: { memberId: string; savedCardId: string; checkoutLinkId: string },
): Promise<number> {
  // Nothing left to collect: the tick was the plain "store my card", and automatic collection stays as it was.
  const remaining = (await loadMemberLinks(tx, memberId)).filter((l) => l.state === 'unpaid' && l.dueAt);
  if (remaining.length === 0) return 0;
  const [member] = await tx
    .update(groupMembers)
    .set({ autoCollect: true, savedCardId, updatedAt: now() })
    .where(and(eq(groupMembers.id, memberId), isNull(groupMembers.removedAt)))
    .returning({ groupId: groupMembers.groupId });
  if (!member) return 0;
  const [group] = await tx
    .select({
      organisationId: paymentLinkGroups.organisationId,
      bookingId: paymentLinkGroups.bookingId,
      userId: paymentLinkGroups.userId,
    })
    .from(paymentLinkGroups)
    .where(eq(paymentLinkGroups.id, member.groupId));
  // What the opt-in showed: each instalment with this card's surcharge, by the checkout's rules (collection-charge.ts).
  const [rules, card] = [await loadSurchargeRules(tx, checkoutLinkId), await savedCardFacts(tx, savedCardId)];
  const charge = (amount: number) => (rules ? collectionCharge(amount, card, rules) : { amount, surcharge: 0 });
  // Opting in again with another card: the collections already queued take the new card, and its surcharge, too.
  for (const link of remaining) {
    await tx
      .update(scheduledPayments)
      .set({ savedCardId, ...charge(link.amount), updatedAt: now() })
      .where(and(eq(scheduledPayments.paymentLinkId, link.id), eq(scheduledPayments.status, 'QUEUED')));
  }
  const queued = await tx
    .insert(scheduledPayments)
    .values(
      remaining.map((link) => ({
        organisationId: group!.organisationId,
        bookingId: link.bookingId ?? group!.bookingId,
        savedCardId,
        userId: group!.userId,
        paymentLinkId: link.id,
        ...charge(link.amount),
        currency: link.currency,
        status: 'QUEUED',
        executeAfter: link.dueAt!,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: scheduledPayments.id });
  return queued.length;
}
