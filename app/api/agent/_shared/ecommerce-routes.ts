import { ecommerceResource } from '@/lib/core/ecommerce/ecommerce';
import { checkoutRoutes } from './checkout-routes';

export const ecommerceRoutes = checkoutRoutes(ecommerceResource, 'ecommerce_id');
