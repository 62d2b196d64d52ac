'use server';

import { sendApprovalLink } from '@/lib/core/approvals/send-approval-link';
import { createBookingPayment } from '@/lib/core/saved-cards/booking-payment';
import { cancelScheduledPayment } from '@/lib/core/scheduled-payments/cancel-scheduled-payment';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { bookingIdForm, CHARGE_FORM, chargeForm, scheduledIdForm } from './charge-form-input';

/* The scheduled payments page's actions: the API's operations with the staff actor (booking-and-payment:create:payment). */

const charge = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: chargeForm,
  back: '/scheduled-payments',
  // The page's find-booking form (GET) is not this one: a refusal gives back the charge form's own values.
  form: CHARGE_FORM,
  run: async ({ db, actor }, input) => {
    await createBookingPayment(db, actor, input.booking, input.body, input.key);
    return input.body.date ? 'scheduled' : 'charged';
  },
});

const cancel = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: scheduledIdForm,
  back: '/scheduled-payments',
  run: async ({ db, actor }, input) => {
    await cancelScheduledPayment(db, actor, input.id);
    return 'cancelled';
  },
});

const approval = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: bookingIdForm,
  back: '/scheduled-payments',
  run: async ({ db, actor }, input) => {
    await sendApprovalLink(db, actor, input.booking);
    return 'approval-sent';
  },
});

export async function chargeSavedCardAction(form: FormData): Promise<void> {
  await charge(form);
}
export async function cancelScheduledAction(form: FormData): Promise<void> {
  await cancel(form);
}
export async function sendApprovalAction(form: FormData): Promise<void> {
  await approval(form);
}
