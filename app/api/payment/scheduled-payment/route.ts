import { listScheduledPayments, listScheduledPaymentsSchema } from '@/lib/core/scheduled-payments/list-scheduled-payments';
import { apiRoute } from '@/lib/http/api-route';

export const POST = apiRoute({ body: listScheduledPaymentsSchema }, ({ db, actor, body }) => listScheduledPayments(db, actor, body));
