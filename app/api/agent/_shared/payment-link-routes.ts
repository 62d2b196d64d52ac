import { paymentLinksResource } from '@/lib/core/payment-links/payment-links';
import { checkoutRoutes } from './checkout-routes';

export const paymentLinkRoutes = checkoutRoutes(paymentLinksResource, 'payment_link_id');
