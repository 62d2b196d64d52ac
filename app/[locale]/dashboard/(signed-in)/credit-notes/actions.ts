'use server';

import { z } from 'zod';
import { issueCreditNote } from '@/lib/core/credit-notes/credit-notes';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { amountField } from '../_money/amount-input';
import { bookingIdFor } from '../_money/booking-by-reference';

/*
 * Issue a credit note from a booking: issueCreditNote, as PUT /agent/credit-notes calls it (the booking locked,
 * never more than it holds: credit_note.exceeds_booking and the like come back as the form's error). The
 * bookings are named by reference in the organisation in view (or by id, as the API takes them).
 */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => text || undefined)
    .optional();

const issue = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: z.object({
    booking: z.string().trim().min(1).max(255),
    amount: amountField,
    description: optionalText(500),
    applied_to: optionalText(255),
  }),
  back: '/credit-notes',
  run: async ({ db, actor, organisationId }, input) => {
    const bookingId = await bookingIdFor(db, actor, organisationId, input.booking);
    const appliedTo = input.applied_to ? await bookingIdFor(db, actor, organisationId, input.applied_to) : undefined;
    await issueCreditNote(db, actor, {
      booking_id: bookingId,
      amount: input.amount,
      description: input.description,
      applied_to_booking_id: appliedTo,
    });
    return 'issued';
  },
});

export async function issueCreditNoteAction(form: FormData): Promise<void> {
  await issue(form);
}
