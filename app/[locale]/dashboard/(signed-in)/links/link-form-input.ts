import { z } from 'zod';
import { ecommerceResource } from '@/lib/core/ecommerce/ecommerce';
import { paymentLinksResource } from '@/lib/core/payment-links/payment-links';
import { sendPaymentLinkSchema } from '@/lib/core/payment-links/send-payment-link';
import { checked, listOf, minorFromMajor, text, type FormValues } from '../collect-form-input';

/** The multi-valued fields of the create form (checkbox groups). */
export const checkoutLists = ['excluded_card_types', 'excluded_card_regions'] as const;

/** The create form's fields as the API's PUT /agent/payment-links (or /agent/ecommerce) body, without `organisation`. */
export function checkoutBodyFrom(values: FormValues) {
  return {
    customer_name: text(values.customer_name),
    email: text(values.email),
    amount: minorFromMajor(values.amount),
    currency: text(values.currency),
    booking_id: text(values.booking_id),
    customer_id: text(values.customer_id),
    description: text(values.description),
    expires_at: text(values.expires_at),
    type_id: text(values.type_id),
    card_enabled: checked(values.card_enabled),
    open_banking_enabled: checked(values.open_banking_enabled),
    authorisation_only: checked(values.authorisation_only),
    surcharging_enabled: checked(values.surcharging_enabled),
    dcc_enabled: checked(values.dcc_enabled),
    hide_store_card: checked(values.hide_store_card),
    store_card_forced: checked(values.store_card_forced),
    moto_enabled: checked(values.moto_enabled),
    excluded_card_types: listOf(values.excluded_card_types),
    excluded_card_regions: listOf(values.excluded_card_regions),
    success_url: text(values.success_url),
    failure_url: text(values.failure_url),
    cancel_url: text(values.cancel_url),
  };
}

// The organisation is the session's (the wrapper's), never the form's: the API's schema without that one field.
export const createLinkForm = z.preprocess(
  (values) => checkoutBodyFrom(values as FormValues),
  paymentLinksResource.createSchema.omit({ organisation: true }),
);
export const createEcommerceForm = z.preprocess(
  (values) => checkoutBodyFrom(values as FormValues),
  ecommerceResource.createSchema.omit({ organisation: true }),
);

/** The send form: the link, and the API's send body (`email_locale` because `locale` is the page's own field). */
export const sendLinkForm = z.preprocess(
  (values) => {
    const form = values as FormValues;
    return { id: form.id, send: { email: text(form.email), locale: text(form.email_locale) } };
  },
  z.object({ id: z.uuid(), send: sendPaymentLinkSchema }),
);

export const checkoutIdForm = z.object({ id: z.uuid(), kind: z.enum(['payment_link', 'ecommerce']) });
