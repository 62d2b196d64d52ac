import { ecommerceRoutes } from '../../_shared/ecommerce-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = ecommerceRoutes.get;
export const DELETE = ecommerceRoutes.delete;

export const { POST, PUT, PATCH, OPTIONS } = otherMethods('GET', 'DELETE');
