import { paymentLinkRoutes } from '../../_shared/payment-link-routes';

export const GET = paymentLinkRoutes.get;
export const DELETE = paymentLinkRoutes.delete;
