import { checkoutIdParams } from '@/lib/core/checkout/checkout-resource';
import { sendPaymentLink, sendPaymentLinkSchema } from '@/lib/core/payment-links/send-payment-link';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Extension: emails the payment link to its customer or to `email` (docs/api-extensions.md "Sending a payment link"). */
export const POST = apiRoute(
  { params: checkoutIdParams('payment_link_id'), body: sendPaymentLinkSchema },
  ({ db, actor, params, body }) => sendPaymentLink(db, actor, params.payment_link_id!, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
