import { scheduledPayments } from '@/lib/db/schema';
import type { Tx } from '@/lib/db/types';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { collectionCharge, loadSurchargeRules, savedCardFacts } from './collection-charge';
import type { LockedLink } from './lock-group';
import type { LinkRow } from './member-links';

type ScheduledPayment = typeof scheduledPayments.$inferSelect;

/**
 * A member who opted into automatic collection keeps it through a schedule
 * change: each collection cancelled with a replaced link is made again for the
 * member's new link of the same instalment, with the new amount and due date
 * (plus that card's surcharge on it) and the same card, status and options.
 */
export async function recreateCollections(
  tx: Tx,
  by: AuditActor,
  cancelled: ScheduledPayment[],
  removed: LockedLink[],
  created: LinkRow[],
): Promise<void> {
  for (const payment of cancelled) {
    const old = removed.find((link) => link.id === payment.paymentLinkId);
    const replacement =
      old &&
      created.find(
        (link) =>
          link.groupMemberId === old.member_id && link.instalmentSequence === old.instalment_sequence && link.dueAt,
      );
    if (!replacement) continue;
    // The new amount with the same card's surcharge, by the same rules (collection-charge.ts).
    const rules = await loadSurchargeRules(tx, replacement.id);
    const charge = rules
      ? collectionCharge(replacement.amount, await savedCardFacts(tx, payment.savedCardId), rules)
      : { amount: replacement.amount, surcharge: 0 };
    const [made] = await tx
      .insert(scheduledPayments)
      .values({
        organisationId: payment.organisationId,
        bookingId: payment.bookingId,
        savedCardId: payment.savedCardId,
        userId: payment.userId,
        paymentLinkId: replacement.id,
        ...charge,
        currency: payment.currency,
        status: payment.status,
        authorisationOnly: payment.authorisationOnly,
        executeAfter: replacement.dueAt!,
      })
      .returning({ id: scheduledPayments.id });
    await recordAudit(tx, by, {
      organisationId: payment.organisationId,
      type: 'scheduled-payment:create',
      entityId: made!.id,
    });
  }
}
