import { ecommerceRoutes } from '../../../_shared/ecommerce-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = ecommerceRoutes.assign;

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
