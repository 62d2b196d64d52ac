import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { bookings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { recordAudit } from '../audit/record-audit';
import { assertDatesInOrder } from './booking-dates';
import { findAccessibleBooking } from './booking-query';
import type { UpdateBookingInput } from './schemas';

/** `gross_value` is minor units; the deprecated `gross_amount` is major units (x100). gross_value wins. */
export function grossValueFrom(input: Pick<UpdateBookingInput, 'gross_value' | 'gross_amount'>): number | undefined {
  if (input.gross_value !== undefined) return input.gross_value;
  if (input.gross_amount !== undefined) return Math.round(input.gross_amount * 100);
  return undefined;
}

export async function updateBooking(db: Db, actor: Actor, bookingId: string, input: UpdateBookingInput): Promise<void> {
  requireRole(actor, 'booking-and-payment:create:booking');
  await db.transaction(async (tx) => {
    const { booking } = await findAccessibleBooking(tx, actor, bookingId);
    const departure = input.departure_date === undefined ? booking.departureDate : input.departure_date;
    const returning = input.return_date === undefined ? booking.returnDate : input.return_date;
    assertDatesInOrder(departure, returning);
    await tx
      .update(bookings)
      .set({
        grossAmount: grossValueFrom(input),
        departureDate: input.departure_date,
        returnDate: input.return_date,
        customerName: input.customer_name,
        email: input.email,
        packageType: input.package_type,
        atolReceiptNumber: input.atol_receipt_number,
        updatedAt: now(),
      })
      .where(eq(bookings.id, bookingId));
    await recordAudit(tx, actor, {
      organisationId: booking.organisationId,
      type: 'booking:update',
      entityId: bookingId,
    });
  });
}
