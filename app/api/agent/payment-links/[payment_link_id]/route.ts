import { paymentLinkRoutes } from '../../_shared/payment-link-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = paymentLinkRoutes.get;
export const DELETE = paymentLinkRoutes.delete;

export const { POST, PUT, PATCH, OPTIONS } = otherMethods('GET', 'DELETE');
