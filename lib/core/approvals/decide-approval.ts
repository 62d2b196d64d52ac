import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { approvals, bookings, organisations, savedCards, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { emitEvent } from '@/lib/events/emit-event';
import { recordAudit } from '../audit/record-audit';

/** What the approval page shows: the booking and its payments awaiting approval, with card brand and last four. */
export async function getApproval(db: Db, approvalId: string) {
  const [row] = await db.select({ approval: approvals, booking: bookings, organisation: organisations }).from(approvals)
    .innerJoin(bookings, eq(bookings.id, approvals.bookingId))
    .innerJoin(organisations, eq(organisations.id, approvals.organisationId))
    .where(eq(approvals.id, approvalId));
  if (!row) throw notFound('Approval');
  const payments = await db.select({ payment: scheduledPayments, card: savedCards }).from(scheduledPayments)
    .leftJoin(savedCards, eq(savedCards.id, scheduledPayments.savedCardId))
    .where(and(eq(scheduledPayments.bookingId, row.booking.id), eq(scheduledPayments.status, 'AWAITING_APPROVAL')))
    .orderBy(asc(scheduledPayments.executeAfter));
  return {
    id: row.approval.id,
    expired: row.approval.expiresAt.getTime() <= now().getTime(),
    decided: row.approval.decidedAt !== null,
    decidedAt: row.approval.decidedAt,
    /** What was decided, and on which payments (null until decided). */
    decision: row.approval.decision ?? null,
    organisation: { name: row.organisation.name, image: row.organisation.image },
    booking: { reference: row.booking.bookingReference, customerName: row.booking.customerName },
    payments: payments.map(({ payment, card }) => ({
      id: payment.id, amount: payment.amount, currency: payment.currency, executeAfter: payment.executeAfter,
      cardBrand: card?.cardBrand ?? null, cardLastFour: card?.lastFour ?? null,
    })),
  };
}

/**
 * The customer approves (QUEUED) or declines (CANCELLED) every payment awaiting
 * approval on the booking. The approval is decided once: the first answer wins.
 */
export async function decideApproval(db: Db, approvalId: string, decision: 'approve' | 'decline'): Promise<{ changed: number }> {
  return db.transaction(async (tx) => {
    const [approval] = await tx.update(approvals).set({ decidedAt: now() })
      .where(and(eq(approvals.id, approvalId), isNull(approvals.decidedAt))).returning();
    if (!approval) {
      const [exists] = await tx.select({ id: approvals.id }).from(approvals).where(eq(approvals.id, approvalId));
      if (!exists) throw notFound('Approval');
      throw new AppError('approval.already_decided', 'These payments were already approved or declined.');
    }
    if (approval.expiresAt.getTime() <= now().getTime()) throw new AppError('approval.expired', 'This approval link has expired; ask for a new one.');
    const changed = await tx.update(scheduledPayments).set({ status: decision === 'approve' ? 'QUEUED' : 'CANCELLED', updatedAt: now() })
      .where(and(eq(scheduledPayments.bookingId, approval.bookingId), eq(scheduledPayments.status, 'AWAITING_APPROVAL')))
      .returning({ id: scheduledPayments.id, amount: scheduledPayments.amount, currency: scheduledPayments.currency, executeAfter: scheduledPayments.executeAfter, savedCardId: scheduledPayments.savedCardId });
    // Kept on the approval so that its page shows what was decided, whatever happens to the payments later.
    const cards = changed.length > 0
      ? await tx.select().from(savedCards).where(inArray(savedCards.id, changed.flatMap((p) => (p.savedCardId ? [p.savedCardId] : []))))
      : [];
    const payments = changed.sort((a, b) => a.executeAfter.getTime() - b.executeAfter.getTime()).map((p) => {
      const card = cards.find((c) => c.id === p.savedCardId);
      return { id: p.id, amount: p.amount, currency: p.currency, execute_after: p.executeAfter.toISOString(), card_brand: card?.cardBrand ?? null, card_last_four: card?.lastFour ?? null };
    });
    await tx.update(approvals).set({ decision: { decision, payments } }).where(eq(approvals.id, approvalId));
    await recordAudit(tx, { kind: 'customer', email: approval.email }, { organisationId: approval.organisationId, type: 'approval:decide', entityId: approvalId });
    await emitEvent(tx, { organisationId: approval.organisationId, type: 'approval.decided', resourceId: approvalId });
    return { changed: changed.length };
  });
}
