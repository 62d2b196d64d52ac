import { ecommerceRoutes } from '../_shared/ecommerce-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = ecommerceRoutes.list;
export const PUT = ecommerceRoutes.create;

export const { GET, PATCH, DELETE, OPTIONS } = otherMethods('POST', 'PUT');
