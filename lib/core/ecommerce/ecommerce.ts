import { checkoutResource } from '../checkout/checkout-resource';
import { serializeEcommerce } from './serialize-ecommerce';

/**
 * Ecommerce sessions are started by a merchant's checkout and paid at once, so
 * they live 24 hours unless `expires_at` says otherwise (docs/api-conventions.md).
 */
export const ecommerceResource = checkoutResource('ecommerce', serializeEcommerce, 1);
