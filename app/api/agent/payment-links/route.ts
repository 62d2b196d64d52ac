import { paymentLinkRoutes } from '../_shared/payment-link-routes';

export const POST = paymentLinkRoutes.list;
export const PUT = paymentLinkRoutes.create;
