import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import type { Db } from '@/lib/db/types';
import { invalidField } from '@/lib/http/app-error';
import { createBooking } from '../bookings/create-booking';
import { createBookingSchema } from '../bookings/schemas';
import type { CurrencyCode } from '../enums';
import { assignCheckout } from './change-checkout';
import { findAccessibleCheckout, type CheckoutKind } from './checkout-query';

/**
 * Assign takes the booking's id (the interface), or — as Felloh's SDK sends it —
 * the booking's reference with the details to create it: `organisation`,
 * `customer_name`, `email`, `booking_reference` and optional dates and value.
 */
export const assignSchema = z.object({
  booking_id: z.uuid().optional(),
  organisation: z.string().trim().min(1).max(255).optional(),
  ...createBookingSchema
    .pick({
      booking_reference: true,
      customer_name: true,
      email: true,
      departure_date: true,
      return_date: true,
      gross_amount: true,
    })
    .partial().shape,
});
export type AssignInput = z.output<typeof assignSchema>;

/**
 * With a reference, the link's organisation's live booking with that reference
 * is used, or created exactly as PUT /agent/bookings creates one (a duplicate
 * reference is the existing booking; name and email default to the link's).
 * Then the link and its payments move to it as with a booking id.
 */
export async function assignToBooking(
  db: Db,
  actor: Actor,
  kind: CheckoutKind,
  id: string,
  input: AssignInput,
): Promise<void> {
  // Checked before a booking may be created, so a key that may not assign creates nothing.
  requireRole(actor, 'booking-and-payment:create:payment');
  if (input.booking_id) return assignCheckout(db, actor, kind, id, input.booking_id);
  if (!input.booking_reference)
    throw invalidField(
      'booking_id is required, or booking_reference to find or create the booking.',
      'validation.required',
    );
  const { link } = await findAccessibleCheckout(db, actor, kind, id);
  if (input.organisation && input.organisation !== link.organisationId) {
    throw invalidField(
      `organisation must be the organisation of this link (${link.organisationId}).`,
      'validation.invalid_value',
    );
  }
  const { booking } = await createBooking(db, actor, {
    organisation: link.organisationId,
    booking_reference: input.booking_reference,
    customer_name: input.customer_name ?? link.customerName,
    email: input.email ?? link.email,
    currency: link.currency as CurrencyCode,
    departure_date: input.departure_date,
    return_date: input.return_date,
    gross_amount: input.gross_amount,
  });
  return assignCheckout(db, actor, kind, id, booking.id);
}
