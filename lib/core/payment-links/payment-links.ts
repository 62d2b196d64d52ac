import { checkoutResource } from '../checkout/checkout-resource';
import { serializePaymentLink } from './serialize-payment-link';

/** Payment links live 30 days unless `expires_at` says otherwise (docs/service-interface.md, Limits). */
export const paymentLinksResource = checkoutResource('payment_link', serializePaymentLink, 30);
