import { paymentLinkRoutes } from '../_shared/payment-link-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = paymentLinkRoutes.list;
export const PUT = paymentLinkRoutes.create;

export const { GET, PATCH, DELETE, OPTIONS } = otherMethods('POST', 'PUT');
