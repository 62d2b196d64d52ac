import { refundRequestSchema, requestRefund } from '@/lib/core/refunds/refunds';
import { transactionIdParams } from '@/lib/core/transactions/transaction-query';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute(
  { params: transactionIdParams, body: refundRequestSchema },
  ({ db, actor, params, body }) => requestRefund(db, actor, params.transaction_id, body.amount),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
