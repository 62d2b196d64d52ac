'use server';

import { createBooking } from '@/lib/core/bookings/create-booking';
import { deleteBooking } from '@/lib/core/bookings/delete-booking';
import { updateBooking } from '@/lib/core/bookings/update-booking';
import { updateBookingReference } from '@/lib/core/bookings/update-booking-reference';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { createBookingForm, deleteForm, editBookingForm, referenceForm } from './booking-form-schema';

/*
 * The bookings' actions, each dashboardAction around the core function the API's route calls
 * (PUT /agent/bookings, POST /agent/bookings/{id}, .../update-reference, DELETE), so the rules are the API's.
 */

/** A booking's own page (or its edit page) from the posted id; encoded, so a forged value stays one segment. */
const bookingPage =
  (suffix = '') =>
  (values: Record<string, unknown>) =>
    `/bookings/${encodeURIComponent(String(values.booking ?? ''))}${suffix}`;

const create = dashboardAction({
  role: 'booking-and-payment:create:booking',
  input: createBookingForm,
  back: '/bookings/new',
  form: 'create-booking',
  run: async ({ db, actor, organisationId }, input) => {
    // A reference the organisation already has is not an error (as the API's 200): that booking opens.
    const { created, booking } = await createBooking(db, actor, {
      organisation: organisationId,
      booking_reference: input.booking_reference,
      customer_name: input.customer_name,
      email: input.email,
      currency: input.currency,
      gross_amount: input.gross_amount ?? undefined,
      departure_date: input.departure_date ?? undefined,
      return_date: input.return_date ?? undefined,
      package_type: input.package_type ?? undefined,
    });
    return { result: created ? 'created' : 'exists', back: `/bookings/${booking.id}` };
  },
});

const edit = dashboardAction({
  role: 'booking-and-payment:create:booking',
  input: editBookingForm,
  back: bookingPage('/edit'),
  form: 'edit-booking',
  run: async ({ db, actor }, { booking, gross_amount, ...fields }) => {
    await updateBooking(db, actor, booking, { ...fields, gross_value: gross_amount ?? undefined });
    return { result: 'updated', back: `/bookings/${booking}` };
  },
});

const reference = dashboardAction({
  role: 'booking-and-payment:create:booking',
  input: referenceForm,
  back: bookingPage('/edit'),
  form: 'change-reference',
  run: async ({ db, actor }, input) => {
    // Another live booking with that reference: the two merge and the survivor's page opens (as the API's new_booking_id).
    const { new_booking_id: merged } = await updateBookingReference(db, actor, input.booking, input.booking_reference);
    return merged
      ? { result: 'merged', back: `/bookings/${merged}` }
      : { result: 'renamed', back: `/bookings/${input.booking}` };
  },
});

// No role of its own here: the core allows booking-and-payment:delete:booking or the booking's creator (as the API).
const remove = dashboardAction({
  input: deleteForm,
  back: bookingPage(),
  run: async ({ db, actor }, input) => {
    await deleteBooking(db, actor, input.booking);
    return { result: 'deleted', back: '/bookings' };
  },
});

export async function createBookingAction(form: FormData): Promise<void> {
  await create(form);
}
export async function editBookingAction(form: FormData): Promise<void> {
  await edit(form);
}
export async function changeReferenceAction(form: FormData): Promise<void> {
  await reference(form);
}
export async function deleteBookingAction(form: FormData): Promise<void> {
  await remove(form);
}
