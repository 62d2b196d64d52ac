import { z } from 'zod';
import { reassignTransaction } from '@/lib/core/transactions/reassign-transaction';
import { transactionIdParams } from '@/lib/core/transactions/transaction-query';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute(
  { params: transactionIdParams, body: z.object({ booking_id: z.uuid() }) },
  async ({ db, actor, params, body }) => {
    await reassignTransaction(db, actor, params.transaction_id, body.booking_id);
    return {};
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
