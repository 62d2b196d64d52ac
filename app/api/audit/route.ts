import { listAudit, listAuditSchema } from '@/lib/core/audit/list-audit';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ body: listAuditSchema }, ({ db, actor, body }) => listAudit(db, actor, body));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
