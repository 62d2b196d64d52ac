import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { NOT_STARTED_STATUSES } from './cancel-booking-scheduled-payments';
import { isUuid } from '../shared/is-uuid';

/**
 * Cancels a payment that has not started: the status check is part of the
 * UPDATE, so a runner claiming the same payment and this cancel cannot both win.
 */
export async function cancelScheduledPayment(db: Db, actor: Actor, id: string): Promise<void> {
  requireRole(actor, 'booking-and-payment:create:payment');
  // Scheduled payment ids are strings in the interface: anything that is not one of ours is simply unknown.
  if (!isUuid(id)) throw notFound('Scheduled payment');
  await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(scheduledPayments).where(eq(scheduledPayments.id, id));
    if (!payment || !canAccessOrganisation(actor, payment.organisationId)) throw notFound('Scheduled payment');
    const cancelled = await tx
      .update(scheduledPayments)
      .set({ status: 'CANCELLED', updatedAt: now() })
      .where(and(eq(scheduledPayments.id, id), inArray(scheduledPayments.status, NOT_STARTED_STATUSES)))
      .returning({ id: scheduledPayments.id });
    if (cancelled.length === 0) {
      const [current] = await tx
        .select({ status: scheduledPayments.status })
        .from(scheduledPayments)
        .where(eq(scheduledPayments.id, id));
      throw new AppError(
        'scheduled_payment.not_cancellable',
        `This scheduled payment is ${current?.status ?? payment.status}; only QUEUED or AWAITING_APPROVAL payments can be cancelled.`,
      );
    }
    await recordAudit(tx, actor, {
      organisationId: payment.organisationId,
      type: 'scheduled-payment:cancel',
      entityId: id,
    });
  });
}
