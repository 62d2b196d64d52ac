import { ecommerceRoutes } from '../../../_shared/ecommerce-routes';

export const POST = ecommerceRoutes.assign;
