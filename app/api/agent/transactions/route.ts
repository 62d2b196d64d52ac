import { listTransactions, listTransactionsSchema } from '@/lib/core/transactions/list-transactions';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ body: listTransactionsSchema }, ({ db, actor, body }) =>
  listTransactions(db, actor, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
