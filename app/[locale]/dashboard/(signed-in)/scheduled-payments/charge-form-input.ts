import { z } from 'zod';
import { bookingPaymentSchema } from '@/lib/core/saved-cards/booking-payment';
import { checked, minorFromMajor, text, type FormValues } from '../collect-form-input';

/**
 * The charge form as the API's POST /payment/booking/{id}/payment: the booking, the body (blank date: now),
 * and the form's own idempotency key, drawn when the page was rendered, so a form posted twice (a double
 * click, a resubmitted page) charges or schedules once, as a retried API request with one Idempotency-Key.
 */
export const chargeForm = z.preprocess(
  (values) => {
    const form = values as FormValues;
    return {
      booking: form.booking,
      key: form.key,
      body: {
        token: text(form.token),
        amount: minorFromMajor(form.amount),
        date: text(form.date),
        authorisation_only: checked(form.authorisation_only),
      },
    };
  },
  z.object({ booking: z.uuid(), key: z.uuid(), body: bookingPaymentSchema }),
);

export const scheduledIdForm = z.object({ id: z.uuid() });
export const bookingIdForm = z.object({ booking: z.uuid() });
