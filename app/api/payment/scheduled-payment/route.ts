import {
  listScheduledPayments,
  listScheduledPaymentsSchema,
} from '@/lib/core/scheduled-payments/list-scheduled-payments';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ body: listScheduledPaymentsSchema }, ({ db, actor, body }) =>
  listScheduledPayments(db, actor, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
