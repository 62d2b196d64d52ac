import { paymentLinkRoutes } from '../../../_shared/payment-link-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = paymentLinkRoutes.assign;

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
