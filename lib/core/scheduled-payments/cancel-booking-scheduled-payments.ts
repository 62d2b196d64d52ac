import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { scheduledPayments } from '@/lib/db/schema';
import type { Tx } from '@/lib/db/types';
import { recordAudit } from '../audit/record-audit';

/** The statuses of payments that have not started: a cancel stops them (cancel-scheduled-payment.ts uses the same rule). */
export const NOT_STARTED_STATUSES = ['QUEUED', 'AWAITING_APPROVAL'];

/**
 * Cancels every scheduled payment of a booking that has not started, within
 * the caller's transaction (the booking's delete), one audit record each. The
 * status check is part of the UPDATE: a payment a runner claimed first is
 * IN_PROGRESS and left alone; the runner re-checks the booking before it charges.
 */
export async function cancelBookingScheduledPayments(
  tx: Tx,
  actor: Actor,
  booking: { id: string; organisationId: string },
): Promise<number> {
  const cancelled = await tx
    .update(scheduledPayments)
    .set({ status: 'CANCELLED', failureReason: 'booking_deleted', nextAttemptAt: null, updatedAt: now() })
    .where(and(eq(scheduledPayments.bookingId, booking.id), inArray(scheduledPayments.status, NOT_STARTED_STATUSES)))
    .returning({ id: scheduledPayments.id, organisationId: scheduledPayments.organisationId });
  for (const payment of cancelled) {
    await recordAudit(tx, actor, {
      organisationId: payment.organisationId,
      type: 'scheduled-payment:cancel',
      entityId: payment.id,
    });
  }
  return cancelled.length;
}
