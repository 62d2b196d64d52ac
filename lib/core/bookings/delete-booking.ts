import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { hasRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { bookings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { cancelBookingScheduledPayments } from '../scheduled-payments/cancel-booking-scheduled-payments';
import { findAccessibleBooking } from './booking-query';

/**
 * Soft delete: the booking leaves every list and lookup, while its transactions,
 * payment links and scheduled payments stay where they are. Its money stops
 * moving: scheduled payments not yet started are CANCELLED in the same
 * transaction, and the runner re-checks the booking before charging one it had
 * already claimed (lib/runner/scheduled-payments-step.ts).
 */
export async function deleteBooking(db: Db, actor: Actor, bookingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { booking } = await findAccessibleBooking(tx, actor, bookingId);
    if (!hasRole(actor, 'booking-and-payment:delete:booking') && booking.userId !== actor.userId) {
      throw new AppError(
        'booking.delete_forbidden',
        'Deleting this booking needs the role booking-and-payment:delete:booking, or being the user who created it.',
      );
    }
    const deleted = await tx
      .update(bookings)
      .set({ deletedAt: now(), updatedAt: now() })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.deletedAt)))
      .returning({ id: bookings.id });
    // Guarded in SQL: of two racing deletes, one wins and the other sees 404.
    if (deleted.length === 0) throw notFound('Booking');
    await recordAudit(tx, actor, {
      organisationId: booking.organisationId,
      type: 'booking:delete',
      entityId: bookingId,
    });
    await cancelBookingScheduledPayments(tx, actor, booking);
  });
}
