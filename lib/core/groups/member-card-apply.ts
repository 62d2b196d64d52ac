import { and, eq, isNull } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { groupMembers, savedCards } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import type { CardFacts } from '@/lib/payments/processor';
import { recordAudit } from '../audit/record-audit';
import { enableAutoCollect } from './auto-collect';
import { lockMembersAndLinks } from './member-locks';

export type VerifiedCard = { storedCardToken: string; card: CardFacts };
export type ReplacementTarget = {
  memberId: string;
  organisationId: string;
  bookingId: string;
  email: string;
  /** The member's link whose card rules the collections' surcharge follows (enableAutoCollect's checkoutLinkId). */
  rulesLinkId: string;
};

/**
 * The verified card becomes the member's, in one SQL transaction: the member and their links locked first (the one
 * order, member-locks.ts), then the guard in SQL: the member is live and still collected automatically
 * (`auto_collect = true`: a turn-off that committed first wins, and nothing is stored for it). The card is stored
 * (saved_cards), enableAutoCollect points the member and every QUEUED collection of theirs at it with its own
 * surcharge, exactly as a second opt-in at checkout does, and the change is audited as the member
 * (`payment-link-group:card-replaced`). The old card stays on the booking's record (the organisation's API may list
 * it) but nothing of the member's uses it any more. The same verification applied twice (a double submit, a reload
 * of the 3-D Secure return) finds its token stored already and changes nothing.
 */
export async function applyReplacementCard(
  db: Db,
  target: ReplacementTarget,
  verified: VerifiedCard,
): Promise<'replaced' | 'already' | 'not_collecting'> {
  return db.transaction(async (tx) => {
    await lockMembersAndLinks(tx, { memberId: target.memberId });
    const [member] = await tx
      .select({ savedCardId: groupMembers.savedCardId })
      .from(groupMembers)
      .where(
        and(eq(groupMembers.id, target.memberId), isNull(groupMembers.removedAt), eq(groupMembers.autoCollect, true)),
      );
    if (!member) return 'not_collecting';
    const [stored] = await tx
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(and(eq(savedCards.bookingId, target.bookingId), eq(savedCards.processorToken, verified.storedCardToken)));
    if (stored) return 'already';
    const { card } = verified;
    const [saved] = await tx
      .insert(savedCards)
      .values({
        organisationId: target.organisationId,
        bookingId: target.bookingId,
        processorToken: verified.storedCardToken,
        cardholderName: card.holderName ?? null,
        bin: card.bin,
        cardBrand: card.brand,
        lastFour: card.lastFour,
        expiryMonth: card.expiryMonth ?? 0,
        expiryYear: card.expiryYear ?? 0,
        issuingCountry: card.issuingCountry,
        funding: card.funding,
        cardClass: card.cardClass,
      })
      .returning({ id: savedCards.id });
    // The guard again as the write: live and collecting, under the lock taken above.
    const [moved] = await tx
      .update(groupMembers)
      .set({ savedCardId: saved!.id, updatedAt: now() })
      .where(
        and(eq(groupMembers.id, target.memberId), isNull(groupMembers.removedAt), eq(groupMembers.autoCollect, true)),
      )
      .returning({ id: groupMembers.id });
    if (!moved) throw new Error('the member changed under its lock');
    await enableAutoCollect(tx, {
      memberId: target.memberId,
      savedCardId: saved!.id,
      checkoutLinkId: target.rulesLinkId,
    });
    await recordAudit(
      tx,
      { kind: 'customer', email: target.email },
      { organisationId: target.organisationId, type: 'payment-link-group:card-replaced', entityId: target.memberId },
    );
    return 'replaced';
  });
}
