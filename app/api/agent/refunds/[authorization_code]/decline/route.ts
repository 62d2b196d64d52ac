import { authorizationCodeParams, decideRefund } from '@/lib/core/refunds/refunds';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({ params: authorizationCodeParams }, ({ db, actor, params }) =>
  decideRefund(db, actor, params.authorization_code, 'decline'),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
