import { and, eq, inArray, isNull } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { paymentLinks, scheduledPayments, transactions } from '@/lib/db/schema';
import type { Tx } from '@/lib/db/types';
import { enableAutoCollect } from './auto-collect';
import { lockMemberOfLink } from './member-locks';

type Settled = typeof transactions.$inferSelect;

/**
 * What a payment of a group member's link does when it completes or is
 * authorised, in the same SQL transaction as its status (docs/groups.md,
 * "Member checkout"):
 *   - the other links it covers are settled by it (guarded `is null`, so a link is settled once);
 *   - the automatic collection still waiting on any link it pays is cancelled (it would charge twice);
 *   - a card stored at the member's choice turns on automatic collection of the rest (enableAutoCollect).
 * Nothing for a link of no member.
 */
export async function settleMemberPayment(tx: Tx, row: Settled, savedCardId: string | null): Promise<void> {
  // The member, then their links, before any of them is touched: the one order (member-locks.ts). Settling the
  // covered links first and updating the member last (enableAutoCollect) deadlocked against a schedule change.
  const memberId = await lockMemberOfLink(tx, row.paymentLinkId);
  if (!memberId || !row.paymentLinkId) return;
  const [link] = await tx
    .select({ options: paymentLinks.options })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, row.paymentLinkId));
  const covered = row.coveredLinkIds ?? [];
  if (covered.length > 0) {
    await tx
      .update(paymentLinks)
      .set({ settledByTransactionId: row.id, updatedAt: now() })
      .where(and(inArray(paymentLinks.id, covered), isNull(paymentLinks.settledByTransactionId)));
  }
  await tx
    .update(scheduledPayments)
    .set({ status: 'CANCELLED', failureReason: 'paid_at_checkout', nextAttemptAt: null, updatedAt: now() })
    .where(
      and(
        inArray(scheduledPayments.paymentLinkId, [row.paymentLinkId, ...covered]),
        inArray(scheduledPayments.status, ['QUEUED', 'AWAITING_APPROVAL']),
      ),
    );
  // Consent is the member's own tick: a card the link forces to be stored is not an opt-in to be charged later.
  if (savedCardId && row.storeCard && link && !link.options.store_card_forced && !link.options.hide_store_card) {
    await enableAutoCollect(tx, { memberId, savedCardId, checkoutLinkId: row.paymentLinkId });
  }
}

/**
 * A payment that covered other links is reversed (its authorisation released):
 * the links it settled are unpaid again, in the reversal's own SQL transaction
 * (which has locked the member and their links first: lockMemberOfLink).
 */
export async function unsettleCoveredLinks(tx: Tx, transactionId: string): Promise<void> {
  await tx
    .update(paymentLinks)
    .set({ settledByTransactionId: null, updatedAt: now() })
    .where(eq(paymentLinks.settledByTransactionId, transactionId));
}
