import { getTransaction } from '@/lib/core/transactions/get-transaction';
import { transactionIdParams } from '@/lib/core/transactions/transaction-query';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({ params: transactionIdParams }, ({ db, actor, params }) =>
  getTransaction(db, actor, params.transaction_id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
