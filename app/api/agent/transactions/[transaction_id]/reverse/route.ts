import { captureOrReverse } from '@/lib/core/transactions/capture-or-reverse';
import { transactionIdParams } from '@/lib/core/transactions/transaction-query';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({ params: transactionIdParams }, ({ db, actor, params }) =>
  captureOrReverse(db, actor, params.transaction_id, 'reverse'),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
