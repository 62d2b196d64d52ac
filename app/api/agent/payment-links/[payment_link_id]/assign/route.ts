import { paymentLinkRoutes } from '../../../_shared/payment-link-routes';

export const POST = paymentLinkRoutes.assign;
