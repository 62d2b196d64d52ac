import { ecommerceRoutes } from '../../_shared/ecommerce-routes';

export const GET = ecommerceRoutes.get;
export const DELETE = ecommerceRoutes.delete;
