import { z } from 'zod';
import { bookingPaymentSchema } from '@/lib/core/saved-cards/booking-payment';
import { checked, minorFromMajor, text, type FormValues } from '../collect-form-input';

/**
 * The charge form as the API's POST /payment/booking/{id}/payment: the booking, the body (blank date: now; the
 * saved card's id posted as `card`, not `token`, so that a refused form keeps which card was chosen: kept-form.ts
 * never keeps a field named like a token),
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
        token: text(form.card),
        amount: minorFromMajor(form.amount),
        date: text(form.date),
        authorisation_only: checked(form.authorisation_only),
      },
    };
  },
  z.object({ booking: z.uuid(), key: z.uuid(), body: bookingPaymentSchema }),
);

/** The name the charge action keeps a refused form under, and the page reads it back by (kept-form.ts). */
export const CHARGE_FORM = 'charge-saved-card';

export const scheduledIdForm = z.object({ id: z.uuid() });
export const bookingIdForm = z.object({ booking: z.uuid() });
