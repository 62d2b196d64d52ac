import { ecommerceRoutes } from '../_shared/ecommerce-routes';

export const POST = ecommerceRoutes.list;
export const PUT = ecommerceRoutes.create;
