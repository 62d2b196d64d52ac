import { authorizationCodeParams, decideRefund } from '@/lib/core/refunds/refunds';
import { apiRoute } from '@/lib/http/api-route';

export const GET = apiRoute({ params: authorizationCodeParams }, ({ db, actor, params }) => decideRefund(db, actor, params.authorization_code, 'decline'));
