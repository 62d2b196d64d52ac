import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { approvals, bookings, organisations, savedCards, scheduledPayments } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { emitEvent } from '@/lib/events/emit-event';
import { recordAudit } from '../audit/record-audit';
import { approvalSetChanged } from './approval-set';

/** The booking's payments awaiting approval now, in due order (the decision locks them: `.for('update')`). */
function awaitingPayments(db: Executor, bookingId: string) {
  return db
    .select()
    .from(scheduledPayments)
    .where(and(eq(scheduledPayments.bookingId, bookingId), eq(scheduledPayments.status, 'AWAITING_APPROVAL')))
    .orderBy(asc(scheduledPayments.executeAfter), asc(scheduledPayments.id));
}

/**
 * What the approval page shows: the booking and the payments the approval was
 * sent for (as the email listed them), with card brand and last four; and
 * whether the booking's payments awaiting approval have changed since (`changed`:
 * an answer would then decide nothing) or none await any more (`awaiting` 0).
 */
export async function getApproval(db: Db, approvalId: string) {
  const [row] = await db
    .select({ approval: approvals, booking: bookings, organisation: organisations })
    .from(approvals)
    .innerJoin(bookings, eq(bookings.id, approvals.bookingId))
    .innerJoin(organisations, eq(organisations.id, approvals.organisationId))
    .where(eq(approvals.id, approvalId));
  if (!row) throw notFound('Approval');
  const sent = row.approval.payments;
  const awaiting = await awaitingPayments(db, row.booking.id);
  const cards =
    sent.length > 0
      ? await db
          .select({ id: scheduledPayments.id, brand: savedCards.cardBrand, lastFour: savedCards.lastFour })
          .from(scheduledPayments)
          .leftJoin(savedCards, eq(savedCards.id, scheduledPayments.savedCardId))
          .where(
            inArray(
              scheduledPayments.id,
              sent.map((p) => p.id),
            ),
          )
      : [];
  return {
    id: row.approval.id,
    expired: row.approval.expiresAt.getTime() <= now().getTime(),
    decided: row.approval.decidedAt !== null,
    decidedAt: row.approval.decidedAt,
    /** What was decided, and on which payments (null until decided). */
    decision: row.approval.decision ?? null,
    changed: approvalSetChanged(sent, awaiting),
    awaiting: awaiting.length,
    organisation: { name: row.organisation.name, image: row.organisation.image },
    booking: { reference: row.booking.bookingReference, customerName: row.booking.customerName },
    payments: sent.map((p) => {
      const card = cards.find((c) => c.id === p.id);
      return {
        id: p.id,
        amount: p.amount,
        currency: p.currency,
        executeAfter: new Date(p.execute_after),
        cardBrand: card?.brand ?? null,
        cardLastFour: card?.lastFour ?? null,
      };
    }),
  };
}

/**
 * The customer approves (QUEUED) or declines (CANCELLED) exactly the payments
 * the approval was sent for. The approval is decided once: the first answer
 * wins (its row is claimed by a conditional UPDATE). The booking's payments
 * awaiting approval are then locked and compared with what was sent: any
 * difference (a payment scheduled after the email, one cancelled, an amount
 * changed) refuses with `approval.changed` and the transaction rolls back, so
 * nothing is decided and the link stays open to show it; the customer needs a
 * new link. A payment scheduled while this runs is not among those locked nor
 * among those sent, so it stays AWAITING_APPROVAL.
 */
export async function decideApproval(
  db: Db,
  approvalId: string,
  decision: 'approve' | 'decline',
): Promise<{ changed: number }> {
  return db.transaction(async (tx) => {
    const [approval] = await tx
      .update(approvals)
      .set({ decidedAt: now() })
      .where(and(eq(approvals.id, approvalId), isNull(approvals.decidedAt)))
      .returning();
    if (!approval) {
      const [exists] = await tx.select({ id: approvals.id }).from(approvals).where(eq(approvals.id, approvalId));
      if (!exists) throw notFound('Approval');
      throw new AppError('approval.already_decided', 'These payments were already approved or declined.');
    }
    if (approval.expiresAt.getTime() <= now().getTime())
      throw new AppError('approval.expired', 'This approval link has expired; ask for a new one.');
    const awaiting = await awaitingPayments(tx, approval.bookingId).for('update');
    if (approvalSetChanged(approval.payments, awaiting)) {
      throw new AppError(
        'approval.changed',
        'The payments awaiting approval have changed since this link was sent; nothing was decided. Ask for a new approval link.',
      );
    }
    const ids = approval.payments.map((p) => p.id);
    const changed =
      ids.length === 0
        ? []
        : await tx
            .update(scheduledPayments)
            .set({ status: decision === 'approve' ? 'QUEUED' : 'CANCELLED', updatedAt: now() })
            .where(and(inArray(scheduledPayments.id, ids), eq(scheduledPayments.status, 'AWAITING_APPROVAL')))
            .returning({
              id: scheduledPayments.id,
              amount: scheduledPayments.amount,
              currency: scheduledPayments.currency,
              executeAfter: scheduledPayments.executeAfter,
              savedCardId: scheduledPayments.savedCardId,
            });
    // Kept on the approval so that its page shows what was decided, whatever happens to the payments later.
    const cards =
      changed.length > 0
        ? await tx
            .select()
            .from(savedCards)
            .where(
              inArray(
                savedCards.id,
                changed.flatMap((p) => (p.savedCardId ? [p.savedCardId] : [])),
              ),
            )
        : [];
    const payments = changed
      .sort((a, b) => a.executeAfter.getTime() - b.executeAfter.getTime())
      .map((p) => {
        const card = cards.find((c) => c.id === p.savedCardId);
        return {
          id: p.id,
          amount: p.amount,
          currency: p.currency,
          execute_after: p.executeAfter.toISOString(),
          card_brand: card?.cardBrand ?? null,
          card_last_four: card?.lastFour ?? null,
        };
      });
    await tx.update(approvals).set({ decision: { decision, payments } }).where(eq(approvals.id, approvalId));
    await recordAudit(
      tx,
      { kind: 'customer', email: approval.email },
      { organisationId: approval.organisationId, type: 'approval:decide', entityId: approvalId },
    );
    await emitEvent(tx, { organisationId: approval.organisationId, type: 'approval.decided', resourceId: approvalId });
    return { changed: changed.length };
  });
}
