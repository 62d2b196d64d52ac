import { listAudit, listAuditSchema } from '@/lib/core/audit/list-audit';
import { apiRoute } from '@/lib/http/api-route';

export const POST = apiRoute({ body: listAuditSchema }, ({ db, actor, body }) => listAudit(db, actor, body));
